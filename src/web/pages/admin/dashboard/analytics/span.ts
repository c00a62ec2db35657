import { useSearchParams } from 'react-router';
import { analyticsSpans, type AnalyticsSpan } from '#shared/api/analytics';

/** The span the dashboard shows when the address names none. */
const defaultSpan: AnalyticsSpan = 7;

/** The span in `?days=`: 1, 7, 30 or 90, else the default. */
export function spanOf(params: URLSearchParams): AnalyticsSpan {
  const days = Number(params.get('days'));
  return analyticsSpans.find((span) => span === days) ?? defaultSpan;
}

/** The span's name on its button: "Today", "7 days". */
export const spanName = (days: AnalyticsSpan) => (days === 1 ? 'Today' : `${days} days`);

/** The span before it, as the totals compare with it: "yesterday", "the 7 days before". */
export const previousSpanName = (days: AnalyticsSpan) =>
  days === 1 ? 'yesterday' : `the ${days} days before`;

/** The span shown, kept in the address so a reload or a shared link shows the same. */
export function useSpanInUrl(): [AnalyticsSpan, (days: AnalyticsSpan) => void] {
  const [params, setParams] = useSearchParams();
  return [
    spanOf(params),
    (days) => {
      const next = new URLSearchParams(params);
      if (days === defaultSpan) next.delete('days');
      else next.set('days', String(days));
      setParams(next, { replace: true, preventScrollReset: true });
    },
  ];
}
