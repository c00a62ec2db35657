import { z } from 'zod';
import { userRecordSchema } from '../accounts.js';
import { pageSizes } from '../rules/limits.js';
import { pageQuery } from './query-params.js';

/** A row of the admin's users table (GET /api/users): the record without counters and history. */
export const userListItemSchema = userRecordSchema
  .pick({
    _id: true,
    name: true,
    email: true,
    photoURL: true,
    photoSrcset: true,
    isAdmin: true,
    isPremium: true,
  })
  .extend({ createdAt: z.string() });
export type UserListItem = z.infer<typeof userListItemSchema>;

/** PATCH /api/users/:id: promotion only; there is no way back (spec section 4). */
export const makeAdminBody = z.strictObject({
  isAdmin: z.literal(true, { error: 'isAdmin can only be set to true' }),
});
export type MakeAdmin = z.infer<typeof makeAdminBody>;

/**
 * GET /api/users: `email` reads one record; without it an admin gets one page of the users
 * (3 a page by default, the spec's admin table).
 */
export const usersQuery = z.object({
  email: z.string().trim().min(1, 'email is required').optional(),
  ...pageQuery(pageSizes.admin).shape,
});
/** What a client asks GET /api/users for (the query string is query-string.ts's of it). */
export type UsersRequest = Partial<z.output<typeof usersQuery>>;
