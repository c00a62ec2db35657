/**
 * The day and hour at `now` in the site's time zone (`timeZone`, the server's own when
 * undefined): the digest goes once a day, at the first check at or after its hour.
 */
export function localDayAndHour(now: Date, timeZone?: string): { day: string; hour: number } {
  const parts = formatterOf(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * One formatter per time zone, made once: the reading meter asks for the month on every
 * metered read, and making an Intl.DateTimeFormat costs far more than using one.
 */
const formatters = new Map<string | undefined, Intl.DateTimeFormat>();

function formatterOf(timeZone: string | undefined): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
