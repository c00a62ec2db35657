const dayMs = 24 * 60 * 60 * 1000;

/** The moment `days` (fractions allowed) before or, when negative, after `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - Math.round(days * dayMs));
}
