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
