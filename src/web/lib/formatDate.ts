const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The date part only of an ISO timestamp, as readers see it everywhere ("Mar 14, 2025"). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
