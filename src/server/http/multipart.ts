import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { maxImageBytes } from '#shared/images';

/**
 * Lets the routes of the plugin it is called in take multipart bodies (the image upload, the
 * registration and profile forms); everywhere else a multipart body is refused with 415.
 * @fastify/multipart adds two hooks to every request of the scope it is registered in (one
 * listens for the socket's close, one cleans saved files after the answer), so it is registered
 * where forms are read, not for the whole app: there every request paid for them.
 *
 * These limits are POST /api/images's: one file of at most 5 MB beside at most 5 short fields.
 * Forms with text fields read with their own, tighter limits (multipart-form.ts).
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: maxImageBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 50,
    },
  });
}
