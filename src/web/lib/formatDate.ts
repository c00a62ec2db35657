/**
 * In UTC: the date part of the ISO timestamp, which is what the spec shows, and the same text
 * on the server that renders the page and in every reader's browser, whatever their time zone.
 */
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The date part only of an ISO timestamp, as readers see it everywhere ("Mar 14, 2025"). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
