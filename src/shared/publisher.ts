import { z } from 'zod';

/** A publisher as the API sends it (spec: _id, publisher, publisherLogo). */
export const publisherSchema = z.object({
  _id: z.string(),
  publisher: z.string(),
  publisherLogo: z.string(),
});

export type Publisher = z.infer<typeof publisherSchema>;
