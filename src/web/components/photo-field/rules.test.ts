import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/accounts';
import { imageFileMessages, maxImageBytes } from '#shared/images';
import { optionalPhotoSchema, requiredPhotoSchema } from './rules';

const photo = (type: string, bytes = 10) => new File([new Uint8Array(bytes)], 'photo', { type });

/** The messages a schema refuses `value` with, or [] when it takes it. */
function refusals(schema: typeof requiredPhotoSchema | typeof optionalPhotoSchema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("the registration form's photo", () => {
  it('is required', () => {
    expect(refusals(requiredPhotoSchema, null)).toEqual([accountMessages.photoRequired]);
  });

  it('takes an image the server takes', () => {
    const file = photo('image/png');
    expect(requiredPhotoSchema.parse(file)).toBe(file);
  });

  it('refuses a file of another type, in the server’s words', () => {
    expect(refusals(requiredPhotoSchema, photo('application/pdf'))).toEqual([
      imageFileMessages.type,
    ]);
  });

  it('refuses a file over the size limit', () => {
    expect(refusals(requiredPhotoSchema, photo('image/jpeg', maxImageBytes + 1))).toEqual([
      imageFileMessages.tooLarge,
    ]);
    expect(refusals(requiredPhotoSchema, photo('image/jpeg', maxImageBytes))).toEqual([]);
  });
});

describe("the profile form's photo", () => {
  it('may be left out, which keeps the current one', () => {
    expect(refusals(optionalPhotoSchema, null)).toEqual([]);
  });

  it('is checked like any image when one is chosen', () => {
    expect(refusals(optionalPhotoSchema, photo('text/plain'))).toEqual([imageFileMessages.type]);
  });
});
