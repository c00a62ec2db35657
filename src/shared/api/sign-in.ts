import { z } from 'zod';
import { accountLimits, accountMessages, emailSchema } from '../accounts.js';

/*
 * The bodies the web app sends to the sign-in routes, checked before better-auth sees them
 * (src/server/auth/plugin.ts): a body of another shape (not an object, a field of the wrong
 * type, an unknown field) is a 400 there, never a 500 in better-auth. The bounds are the
 * longest email and password an account can have (src/shared/accounts.ts).
 */

/** POST /api/auth/sign-in/email. */
export const signInEmailBody = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: accountMessages.passwordRequired })
    .max(accountLimits.password.maxLength, accountLimits.password.tooLong),
});
export type SignInEmail = z.infer<typeof signInEmailBody>;

/** POST /api/auth/sign-out: the web app sends `{}`; no body at all (or JSON null) is as good. */
export const signOutBody = z.strictObject({}).nullish();

/** POST /api/auth/sign-in/social: Google, and where to send the browser back to. */
export const signInSocialBody = z.strictObject({
  provider: z.literal('google'),
  callbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
});
export type SignInSocial = z.infer<typeof signInSocialBody>;
