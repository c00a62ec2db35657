import type { AnalyticsOverview, AnalyticsSpan } from '#shared/api/analytics';
import { formatChange, formatCount } from '#web/lib/formatFigures';
import { previousSpanName } from './span';

/** Visitors and page views over the span, each beside the span before it. */
export function Totals({
  days,
  totals,
}: {
  days: AnalyticsSpan;
  totals: AnalyticsOverview['totals'];
}) {
  const figures = [
    { name: 'Visitors', now: totals.visitors, before: totals.previousVisitors },
    { name: 'Page views', now: totals.pageViews, before: totals.previousPageViews },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {figures.map((figure) => (
        <div key={figure.name} className="border-l-4 border-ink pl-3">
          <dt className="text-sm font-semibold">{figure.name}</dt>
          <dd className="font-serif text-3xl font-bold tabular-nums">{formatCount(figure.now)}</dd>
          <dd className="text-sm text-ink-muted">
            {formatChange(figure.now, figure.before)} ({previousSpanName(days)}:{' '}
            {formatCount(figure.before)})
          </dd>
        </div>
      ))}
    </dl>
  );
}
