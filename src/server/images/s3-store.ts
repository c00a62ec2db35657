import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ImageStoreConfig } from '#server/config';
import {
  contentAddressedName,
  contentAddressedPattern,
  imageContentType,
  immutableCacheControl,
  type ImageFormat,
  type ImageStore,
} from './store.js';

export type S3StoreConfig = Extract<ImageStoreConfig, { kind: 's3' }>;

/**
 * Keeps images in an S3-compatible bucket (AWS S3, MinIO, R2, …) under content-addressed keys;
 * they are shown from `publicUrl`, which the bucket (or a CDN in front of it) must serve.
 */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly config: S3StoreConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Without explicit keys the SDK's usual chain applies (environment, instance role, …).
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Many S3-compatible servers refuse the newer checksum headers AWS sends by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async put(bytes: Buffer, format: ImageFormat): Promise<string> {
    const key = contentAddressedName(bytes, format);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: bytes,
        ContentType: imageContentType[format],
        CacheControl: immutableCacheControl,
      }),
    );
    return `${this.config.publicUrl}/${key}`;
  }

  owns(url: string): boolean {
    const prefix = `${this.config.publicUrl}/`;
    return url.startsWith(prefix) && contentAddressedPattern.test(url.slice(prefix.length));
  }

  async read(url: string): Promise<Buffer> {
    if (!this.owns(url)) throw new Error('not an image of this store');
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: url.slice(this.config.publicUrl.length + 1),
      }),
    );
    if (!answer.Body) throw new Error('S3 answered no body');
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  /** DeleteObjects calls of up to 1,000 keys each (S3's most); missing keys are no error. */
  async remove(urls: string[]): Promise<void> {
    const keys = urls
      .filter((url) => this.owns(url))
      .map((url) => url.slice(this.config.publicUrl.length + 1));
    for (let start = 0; start < keys.length; start += 1000) {
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.config.bucket,
          Delete: { Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(
          `S3 did not delete ${failed.length} images: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`,
        );
      }
    }
  }
}
