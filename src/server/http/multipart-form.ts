import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { readImageFile, withMultipartErrors } from '../images/read-upload.js';

export interface MultipartForm {
  fields: Record<string, string>;
  /** The bytes of the one file, by its field name. */
  file?: { field: string; bytes: Buffer };
}

/**
 * Reads a multipart form with text fields and at most one image file (registration, profile,
 * articles, publishers). Limits (5 MB file, few fields) come from the images plugin.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  fileField: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send this form as multipart/form-data');
  }
  const form: MultipartForm = { fields: {} };
  await withMultipartErrors(async () => {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          throw new AppError('bad_request', `Send the image in a form field named ${fileField}`);
        }
        const bytes = await readImageFile(part);
        // A file input left empty still sends a part with no name and no bytes.
        if (part.filename || bytes.length > 0) form.file = { field: part.fieldname, bytes };
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  });
  return form;
}
