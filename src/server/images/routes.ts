import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../shared/api-error.js';
import { uploadedImageSchema } from '../../shared/images.js';
import { consumeAttempt } from '../auth/attempts.js';
import { requireUser } from '../auth/guards.js';
import { AppError } from '../errors.js';
import { readImageUpload } from './read-upload.js';
import { saveUploadedImage } from './save.js';

/** Uploads per user per hour: generous for writing, a stop for scripts filling the store. */
const uploadLimit = { max: 100, windowSeconds: 60 * 60 };

/**
 * POST /api/images: a signed-in user's image goes through the pipeline (save.ts) and the answer
 * says where it is shown, in imgbb's shape (`data.display_url`).
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/images',
    {
      schema: {
        tags: ['images'],
        summary: 'Uploads an image (signed in; multipart field `image`, at most 5 MB)',
        description:
          'JPEG, PNG, WebP, GIF (first frame) or AVIF, read from the bytes; stored re-encoded ' +
          'as WebP, upright, without metadata, at most 1600 px wide.',
        consumes: ['multipart/form-data'],
        response: {
          200: uploadedImageSchema,
          400: apiErrorSchema.describe('not an accepted image, or no file in the field image'),
          401: apiErrorSchema.describe('not signed in'),
          413: apiErrorSchema.describe('over 5 MB or 40 megapixels'),
          415: apiErrorSchema.describe('not multipart/form-data'),
          503: apiErrorSchema.describe('the image store failed'),
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!(await consumeAttempt(app.database.db, 'upload', user.id, uploadLimit))) {
        throw new AppError(
          'rate_limited',
          'You have uploaded many images in the last hour. Please try again later.',
        );
      }
      const bytes = await readImageUpload(request);
      const image = await saveUploadedImage(app, bytes);
      return { data: { display_url: image.url, width: image.width, height: image.height } };
    },
  );
};
