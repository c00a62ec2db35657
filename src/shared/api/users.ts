import { z } from 'zod';
import { userRecordSchema } from '../accounts.js';

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
