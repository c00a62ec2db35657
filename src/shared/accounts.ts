import { z } from 'zod';
import { isPlainLine } from './control-characters.js';

/** The spec's registration and profile messages, word for word. */
export const accountMessages = {
  nameRequired: 'Name is required',
  photoRequired: 'Photo URL is required',
  emailRequired: 'Email Address is required',
  emailInvalid: 'Not a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordCase:
    'Password must contain at least one uppercase, one lowercase, and be at least 6 characters long',
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest name, email and password, in characters, and what is said past them. */
export const accountLimits = {
  name: { maxLength: 80, tooLong: 'Name must be at most 80 characters long' },
  email: { maxLength: 254, tooLong: accountMessages.emailInvalid },
  password: { maxLength: 128, tooLong: 'Password must be at most 128 characters long' },
} as const;

export const nameSchema = z
  .string({ error: accountMessages.nameRequired })
  .trim()
  .min(1, accountMessages.nameRequired)
  .max(accountLimits.name.maxLength, accountLimits.name.tooLong)
  .refine(isPlainLine, 'Name must not contain control characters');

export const emailSchema = z
  .string({ error: accountMessages.emailRequired })
  .trim()
  .min(1, accountMessages.emailRequired)
  .max(accountLimits.email.maxLength, accountLimits.email.tooLong)
  .regex(emailPattern, accountMessages.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, accountMessages.passwordRequired)
  .min(6, accountMessages.passwordTooShort)
  .max(accountLimits.password.maxLength, accountLimits.password.tooLong)
  .regex(/[a-z]/, accountMessages.passwordCase)
  .regex(/[A-Z]/, accountMessages.passwordCase);

/** The text fields of the registration form; the photo travels beside them as a file. */
export const registrationSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export type Registration = z.infer<typeof registrationSchema>;

/** What the password reset's pages and its API say. */
export const passwordResetMessages = {
  requested:
    'If an account uses that address, we have sent it a link to choose a new password. The link works for an hour.',
  tooManyRequests: 'Too many requests for a new password. Please try again in an hour.',
  invalidLink: 'This link has expired or has already been used. Please ask for a new one.',
  changed: 'Your password has been changed. Please log in with your new password.',
} as const;

/** What email verification says (the gate on posting and paying, and "send again"). */
export const verificationMessages = {
  required:
    'Please verify your email address first: open the link we sent you, or ask for a new one.',
  sent: 'We have sent a new link to your email address. It works for a day.',
  already: 'Your email address is already verified.',
  tooMany: 'Too many links asked for. Please try again in an hour.',
} as const;

/** POST /api/auth/request-password-reset */
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

/** POST /api/auth/reset-password: the token from the link, and the new password (the spec's rules). */
export const passwordResetSchema = z.strictObject({
  token: z.string({ error: passwordResetMessages.invalidLink }).min(1).max(200),
  newPassword: passwordSchema,
});

/** PUT /api/users/me/notices: the newsroom's notices by mail, on or off. */
export const emailNoticesSchema = z.strictObject({ emailNotices: z.boolean() });

/** Profile edits: the name is required, the email cannot change, the photo is optional. */
export const profileUpdateSchema = z.strictObject({
  name: nameSchema,
  photoURL: z.string().min(1).optional(),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The signed-in user's record as GET /api/users?email= answers it (spec section 7). */
export const userRecordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  /** The photo in its stored widths as an HTML srcset (`url 160w, …`), or null while it has none. */
  photoSrcset: z.string().nullable(),
  /** Whether the address was shown to be theirs (its link followed, or Google said so). */
  emailVerified: z.boolean(),
  /** Whether the newsroom's notices are mailed to them. */
  emailNotices: z.boolean(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  /** When premium access ends (ISO), or null. Admins are premium regardless. */
  premiumUntil: z.string().nullable(),
  /** The spec's field: articles a reader without premium may post (`freePostLimit`, for all). */
  allowedFor: z.number(),
  publishedArticles: z.number(),
  subscriptionHistory: z.array(
    z.object({
      price: z.number(),
      transactionId: z.string(),
      date: z.string(),
      expiredDate: z.string(),
    }),
  ),
});

export type UserRecord = z.infer<typeof userRecordSchema>;
