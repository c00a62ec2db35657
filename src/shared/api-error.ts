import { z } from 'zod';

/** The body of every error the API answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * A refused input as the API words it: `field.path: message`, or the message alone when the
 * whole input is at fault (an empty path). Every validation error the API answers says it so.
 */
export function fieldMessage(path: readonly PropertyKey[], message: string): string {
  return path.length > 0 ? `${path.map(String).join('.')}: ${message}` : message;
}
