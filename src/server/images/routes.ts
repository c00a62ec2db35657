import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/api-error';
import { uploadedImageSchema } from '#shared/images';
import { mustBe, requireUser } from '#server/auth/guards';
import { spendImageBudget } from './budget.js';
import { readImageUpload } from './read-upload.js';
import { saveUploadedImage } from './save.js';
import { acceptMultipart } from '#server/http/multipart';

/**
 * POST /api/images: a signed-in user's image goes through the pipeline (save.ts) and the answer
 * says where it is shown, in imgbb's shape (`data.display_url`).
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipart(app);
  app.post(
    '/api/images',
    {
      onRequest: mustBe.signedIn,
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
          429: apiErrorSchema.describe('more than 100 images made in an hour, on any route'),
          503: apiErrorSchema.describe('the image store failed'),
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      // Counted before the body is read: a refused upload costs nothing more.
      await spendImageBudget(app.database.db, user.id);
      const bytes = await readImageUpload(request);
      const image = await saveUploadedImage(app, bytes);
      return { data: { display_url: image.url, width: image.width, height: image.height } };
    },
  );
};
