/*
 * The analytics figures as the editors read them, on the dashboard and the admin's article
 * cards. A figure nobody reported (an average of no views) shows as a dash.
 */

const none = '—';

/** A count with its thousands separated: 12,345. */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A duration in whole seconds: "45 s", "1 min 05 s", "2 h 03 min". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return none;
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  if (total < 3600) return `${Math.floor(total / 60)} min ${twoDigits(total % 60)} s`;
  return `${Math.floor(total / 3600)} h ${twoDigits(Math.floor((total % 3600) / 60))} min`;
}

/** A percentage already computed (a scroll depth): "64%". */
export const formatPercent = (percent: number | null) =>
  percent === null ? none : `${Math.round(percent)}%`;

/** The share `part` is of `whole`, to a tenth of a percent: "12.5%"; a dash of nothing. */
export const formatRate = (part: number, whole: number) =>
  whole === 0 ? none : `${((part / whole) * 100).toFixed(1)}%`;

/** How a figure moved from the period before: "+12%", "−3%", "no change", "up from none". */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'no change' : 'up from none';
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return 'no change';
  return change > 0 ? `+${change}%` : `−${-change}%`;
}
