import { apiErrorSchema } from '#shared/api-error';
import { imageFileMessages, uploadedImageSchema, type UploadedImage } from '#shared/images';
import { ApiError } from '#web/lib/api/client';

export interface UploadOptions {
  /** Called as the file goes out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one image to POST /api/images (multipart field `image`) and answers where the server
 * shows it. XMLHttpRequest, not fetch: only it reports upload progress. The request is
 * same-origin, so the session cookie goes with it. Rejects with an ApiError carrying the
 * server's message (status 0 when the server could not be reached), or with an AbortError when
 * `signal` aborts.
 */
export function uploadImage(file: File, { onProgress, signal }: UploadOptions = {}) {
  return new Promise<UploadedImage>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) return reject(toApiError(xhr.status, body));
      const parsed = uploadedImageSchema.safeParse(body);
      if (parsed.success) return resolve(parsed.data.data);
      reject(new ApiError(xhr.status, 'invalid_response', 'The server sent an unexpected answer.'));
    });
    xhr.addEventListener('error', () => {
      reject(
        new ApiError(0, 'network_error', 'Could not reach the server. Check your connection.'),
      );
    });
    xhr.addEventListener('abort', () => reject(cancelled()));
    if (signal?.aborted) return reject(cancelled());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.set('image', file);
    xhr.send(form);
  });
}

function cancelled(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data.error, parsed.data.message);
  // A proxy in front of the app may refuse a large body with a page of its own.
  if (status === 413) return new ApiError(status, 'payload_too_large', imageFileMessages.tooLarge);
  const message =
    status >= 500
      ? `The server could not answer (${status}). Please try again shortly.`
      : `The upload failed (${status}).`;
  return new ApiError(status, 'http_error', message);
}
