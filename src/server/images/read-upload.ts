import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { maxImageBytes } from '#shared/images';
import { AppError } from '#server/errors';
import { imageMessages } from './limits.js';

/** Room for the multipart boundaries and part headers around the file. */
export const envelopeBytes = 64 * 1024;

/**
 * The bytes of the one file of a multipart request, sent in the field `image`. A request that
 * announces a larger body is refused before any of it is read; one that does not is cut off as
 * soon as the file passes 5 MB.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', imageMessages.notMultipart);
  }
  if (Number(request.headers['content-length']) > maxImageBytes + envelopeBytes) {
    throw new AppError('payload_too_large', imageMessages.tooLarge);
  }
  const file = await withMultipartErrors(() => request.file());
  if (!file) throw new AppError('bad_request', imageMessages.missing);
  if (file.fieldname !== 'image') throw new AppError('bad_request', imageMessages.field);
  return readImageFile(file);
}

/**
 * The bytes of an uploaded file, refused with 413 as soon as it passes 5 MB. For routes that read
 * a multipart form's parts themselves (registration, articles, publishers).
 */
export function readImageFile(file: MultipartFile): Promise<Buffer> {
  return withMultipartErrors(() => file.toBuffer());
}

/**
 * Runs a step that reads a multipart body (`request.file()`, `request.parts()` iteration,
 * `toBuffer()`), turning @fastify/multipart's limit errors and busboy's parse errors into
 * AppErrors with our messages (413 and 400; a malformed body would otherwise answer 500).
 */
export async function withMultipartErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    // Our own refusals from inside the step (a wrong field, a file too large) stand as they are.
    if (err instanceof AppError) throw err;
    const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', imageMessages.tooLarge);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('payload_too_large', imageMessages.tooManyParts);
    }
    // busboy throws plain errors for a body that is not well-formed multipart.
    if (statusCode === undefined) throw new AppError('bad_request', imageMessages.notMultipart);
    throw err;
  }
}
