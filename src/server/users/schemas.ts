import { z } from 'zod';

export const maxUsersPageSize = 50;

/**
 * GET /api/users: `email` reads one record; without it an admin gets one page of the users
 * (3 a page by default, the spec's admin table).
 */
export const usersQuery = z.object({
  email: z.string().trim().min(1, 'email is required').optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).describe('1-based').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .describe(`Page size; more than ${maxUsersPageSize} counts as ${maxUsersPageSize}`)
    .default(3)
    .transform((value) => Math.min(value, maxUsersPageSize)),
});

export const userIdParams = z.object({ id: z.string().min(1) });
