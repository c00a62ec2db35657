import { z } from 'zod';

/**
 * What POST /api/images accepts and answers. The server enforces it (src/server/images); the web
 * app's image inputs refuse the same files with the same words before sending them.
 */

/** The largest image file accepted, in bytes. */
export const maxImageBytes = 5 * 1024 * 1024;

/** The image types accepted (the server reads the real type from the file's bytes). */
export const acceptedImageTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

export const imageFileMessages = {
  type: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image',
  tooLarge: 'Please choose an image of at most 5 MB',
} as const;

/** The answer to an upload, in imgbb's shape so a client written for the image host works. */
export const uploadedImageSchema = z.object({
  data: z.object({
    display_url: z.string().min(1),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});

export type UploadedImage = z.infer<typeof uploadedImageSchema>['data'];
