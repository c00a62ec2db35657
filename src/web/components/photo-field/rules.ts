import { z } from 'zod';
import { accountMessages } from '#shared/accounts';
import { checkImageFile } from '#web/components/image-input/checkImageFile';

/** A chosen photo the server will take: the image inputs' own check (type, at most 5 MB). */
export const photoFileSchema = z.instanceof(File).superRefine((file, ctx) => {
  const problem = checkImageFile(file);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Registration: a photo must be chosen (spec: 'Photo URL is required'). */
export const requiredPhotoSchema = photoFileSchema.nullable().transform((file, ctx) => {
  if (file) return file;
  ctx.addIssue({ code: 'custom', message: accountMessages.photoRequired });
  return z.NEVER;
});

/** Profile edits: no file keeps the current photo. */
export const optionalPhotoSchema = photoFileSchema.nullable();
