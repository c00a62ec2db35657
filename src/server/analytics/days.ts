import { localDayAndHour } from '#server/newsletter/digest-day';

/** The hour bucket of `now` in the site's time zone: `2026-11-29T14`; its day is the first ten. */
export function hourBucket(now: Date, timeZone?: string): string {
  const { day, hour } = localDayAndHour(now, timeZone);
  return `${day}T${String(hour).padStart(2, '0')}`;
}

/** The calendar day `days` after `day` (before, when negative), both `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, oldest first. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
