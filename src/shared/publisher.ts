import { z } from 'zod';

/**
 * A publisher as the API sends it (spec: _id, publisher, publisherLogo), with what a page needs
 * to fetch the logo at the size it draws it.
 */
export const publisherSchema = z.object({
  _id: z.string(),
  publisher: z.string(),
  publisherLogo: z.string(),
  /** The logo in several widths as an HTML srcset (`url 160w, …`), or null while it has none. */
  publisherLogoSrcset: z.string().nullable(),
  /** The logo's own size in pixels, or null while it is not known. */
  publisherLogoSize: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
});

export type Publisher = z.infer<typeof publisherSchema>;
