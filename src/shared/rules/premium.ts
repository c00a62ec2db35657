/**
 * Premium access runs while the stored expiry (`premiumUntil`) is after now: it is derived at
 * every read, so nothing has to happen when a plan ends. The SQL form of the same rule is
 * `premiumRunsAt` (src/server/users/premium-sql.ts).
 */
export function isPremiumAt(
  premiumUntil: string | Date | null | undefined,
  now: Date | number,
): boolean {
  if (!premiumUntil) return false;
  return new Date(premiumUntil).getTime() > new Date(now).getTime();
}

/**
 * When a purchase made at `now` starts to count: at the current expiry while premium still
 * runs, else now, so buying again adds to the time left instead of throwing it away.
 */
export function premiumExtendsFrom(
  premiumUntil: string | Date | null | undefined,
  now: Date,
): Date {
  return premiumUntil && isPremiumAt(premiumUntil, now) ? new Date(premiumUntil) : now;
}
