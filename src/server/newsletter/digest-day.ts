/**
 * The day and hour at `now` in the site's time zone (`timeZone`, the server's own when
 * undefined): the digest goes once a day, at the first check at or after its hour.
 */
export function localDayAndHour(now: Date, timeZone?: string): { day: string; hour: number } {
  // Asked for every analytics event and metered read: answered once a minute and time zone. Every
  // time zone's offset is a whole number of minutes, so the day and hour are the same all minute.
  const minute = Math.floor(now.getTime() / 60_000);
  const known = lastAnswers.get(timeZone);
  if (known?.minute === minute) return known.answer;
  const parts = formatterOf(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const answer = {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
  };
  lastAnswers.set(timeZone, { minute, answer: Object.freeze(answer) });
  return answer;
}

/** The last answer for each time zone, with the minute (since the epoch) it holds for. */
const lastAnswers = new Map<
  string | undefined,
  { minute: number; answer: Readonly<{ day: string; hour: number }> }
>();

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
