import { z } from 'zod';

/**
 * The reading meter as a reader stands this month (decision 023): how many premium articles
 * they opened in full without premium, of how many they may, and how many are left. Carried by
 * an article's answers whenever the meter decided what the reader got.
 */
export const meterStateSchema = z.object({
  used: z.number().int(),
  allowance: z.number().int(),
  remaining: z.number().int(),
  /** A guest's only: the allowance a free account would give them, when it gives any. */
  registeredAllowance: z.number().int().optional(),
});
export type MeterState = z.infer<typeof meterStateSchema>;
