import { z } from 'zod';

/**
 * The answer of an action whose only result is what to tell the reader (a reset link asked for,
 * a password changed, a verification mail sent), in their words.
 */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
