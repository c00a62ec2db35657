import { z } from 'zod';
import { isPlainLine } from '../control-characters.js';

export const publisherMessages = {
  nameRequired: 'Publisher name is required',
  nameTooLong: 'Publisher name must be at most 100 characters long',
  nameControl: 'Publisher name must not contain control characters',
  duplicate: 'A publisher with this name already exists',
  foreignLogo: 'Please upload the logo with the logo field',
} as const;

/** POST /api/publisher: the name and the display_url POST /api/images answered for the logo. */
export const createPublisherBody = z.object({
  publisher: z
    .string({ error: publisherMessages.nameRequired })
    .trim()
    .min(1, publisherMessages.nameRequired)
    .max(100, publisherMessages.nameTooLong)
    .refine(isPlainLine, publisherMessages.nameControl),
  publisherLogo: z
    .string({ error: publisherMessages.foreignLogo })
    .trim()
    .min(1, publisherMessages.foreignLogo),
});

export type CreatePublisher = z.infer<typeof createPublisherBody>;
