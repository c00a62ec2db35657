import { z } from 'zod';

/** The body of every error the API answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
