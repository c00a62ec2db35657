import type { FastifyRequest } from 'fastify';
import { maxImageBytes } from '#shared/images';
import { AppError } from '#server/errors';
import { envelopeBytes, readImageFile, withMultipartErrors } from '#server/images/read-upload';

export interface MultipartForm {
  fields: Record<string, string>;
  /** The bytes of the one file, by its field name. */
  file?: { field: string; bytes: Buffer };
}

/** A text field a form reads: its longest value in characters, and what is said past it. */
export interface TextFieldLimit {
  maxLength: number;
  tooLong: string;
}

/** What one form may hold: its text fields with their limits, and its one file field. */
export interface FormLimits {
  fields: Record<string, TextFieldLimit>;
  file: string;
}

/**
 * Fields a form does not read are ignored (a client may send extras, such as the spec's
 * isAdmin), up to this many, each no longer than the form's longest field.
 */
const ignoredFieldsAllowed = 4;
export const formTooLarge =
  'This form is too large: its image may be at most 5 MB and its text fields are short';

/** A character takes at most 4 bytes in UTF-8; a little room for spaces around a value. */
const bytesPerCharacter = 4;
const spaceBytes = 64;

/**
 * Reads a multipart form of a few text fields and at most one image file (registration,
 * profile), under that form's own limits: as many fields as it reads (and a few ignored), each
 * at most its longest value in bytes. Reading stops at the first excess with a 400 that says
 * which: a value longer than its field allows (busboy keeps at most the limit of it in memory
 * and skips the rest), or too many fields. A body announced larger than the form could be is
 * refused with 413 before any of it is read. Nothing is changed by the caller before this
 * answers.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  limits: FormLimits,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send this form as multipart/form-data');
  }
  const names = Object.keys(limits.fields);
  const longest = Math.max(...Object.values(limits.fields).map((field) => field.maxLength));
  const fieldSize = longest * bytesPerCharacter + spaceBytes;
  const fieldCount = names.length + ignoredFieldsAllowed;
  if (
    Number(request.headers['content-length']) >
    maxImageBytes + envelopeBytes + fieldCount * fieldSize
  ) {
    throw new AppError('payload_too_large', formTooLarge);
  }
  const tooManyFields = new AppError(
    'bad_request',
    `This form takes only the fields ${[...names, limits.file].join(', ')}`,
  );

  const form: MultipartForm = { fields: {} };
  await withMultipartErrors(async () => {
    try {
      const parts = request.parts({
        limits: { fields: fieldCount, fieldSize, files: 1, parts: fieldCount + 1 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== limits.file) {
            throw new AppError(
              'bad_request',
              `Send the image in a form field named ${limits.file}`,
            );
          }
          const bytes = await readImageFile(part);
          // A file input left empty still sends a part with no name and no bytes.
          if (part.filename || bytes.length > 0) form.file = { field: part.fieldname, bytes };
          continue;
        }
        const limit = Object.hasOwn(limits.fields, part.fieldname)
          ? limits.fields[part.fieldname]
          : undefined;
        const value = String(part.value);
        if (part.valueTruncated || (limit && value.trim().length > limit.maxLength)) {
          throw new AppError(
            'bad_request',
            limit?.tooLong ?? `The field ${part.fieldname.slice(0, 40)} is too long`,
          );
        }
        if (limit) form.fields[part.fieldname] = value;
      }
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooManyFields;
      throw err;
    }
  });
  return form;
}
