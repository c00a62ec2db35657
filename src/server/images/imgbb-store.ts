import { z } from 'zod';
import type { ImageStoreConfig } from '#server/config';
import {
  contentAddressedName,
  imageContentType,
  type ImageFormat,
  type ImageStore,
} from './store.js';

export type ImgbbStoreConfig = Extract<ImageStoreConfig, { kind: 'imgbb' }>;

const uploadAnswer = z.object({ data: z.object({ display_url: z.url() }) });

/**
 * Hands images to imgbb (API v1): the server uploads, so the API key never reaches a browser.
 * imgbb serves the image and answers the URL to show it at.
 */
export class ImgbbImageStore implements ImageStore {
  readonly kind = 'imgbb';

  constructor(private readonly config: ImgbbStoreConfig) {}

  async put(bytes: Buffer, format: ImageFormat): Promise<string> {
    const url = new URL(this.config.uploadUrl);
    url.searchParams.set('key', this.config.apiKey);
    const form = new FormData();
    const name = contentAddressedName(bytes, format);
    form.set('image', new Blob([new Uint8Array(bytes)], { type: imageContentType[format] }), name);

    const response = await fetch(url, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = uploadAnswer.safeParse(body);
    // The message goes to the log: it names the status, never the URL (which holds the key).
    if (!response.ok || !parsed.success) {
      throw new Error(`imgbb refused the upload: HTTP ${response.status} ${describe(body)}`);
    }
    return parsed.data.data.display_url;
  }

  /**
   * imgbb names its images itself, so only the host can be checked: its display URLs are https
   * on i.ibb.co (or another ibb.co host).
   */
  owns(url: string): boolean {
    if (!URL.canParse(url)) return false;
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' && (hostname === 'ibb.co' || hostname.endsWith('.ibb.co'));
  }
}

/** imgbb's error answers look like `{ error: { message } }`. */
function describe(body: unknown): string {
  const error = z.object({ error: z.object({ message: z.string() }) }).safeParse(body);
  return error.success ? error.data.error.message : 'with an unexpected answer';
}
