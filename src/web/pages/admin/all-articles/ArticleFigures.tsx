import { useState } from 'react';
import type { ArticleAnalytics } from '#shared/api/analytics';
import { QueryResult } from '#web/components/QueryResult';
import { articleFiguresDays, useArticleAnalytics } from '#web/lib/api/analytics';
import { formatCount, formatDuration, formatPercent } from '#web/lib/formatFigures';

/**
 * An article's readers over the last 30 days, behind a disclosure: read when an editor opens it,
 * so that a page of cards costs no request per card.
 */
export function ArticleFigures({ articleId }: { articleId: string }) {
  const [open, setOpen] = useState(false);
  const query = useArticleAnalytics(articleId, open);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">
        Show figures (last {articleFiguresDays} days)
      </summary>
      {open && (
        <div className="mt-2">
          <QueryResult
            query={query}
            what="article's figures"
            placeholder={<div aria-hidden className="h-24 animate-pulse bg-rule/40" />}
          >
            {(figures) => <FiguresList figures={figures} />}
          </QueryResult>
        </div>
      )}
    </details>
  );
}

export function FiguresList({ figures }: { figures: ArticleAnalytics }) {
  const rows = [
    ['Views', formatCount(figures.views)],
    ['Visitors', formatCount(figures.visitors)],
    ['Average engaged time', formatDuration(figures.avgEngagedSeconds)],
    ['Scroll depth', formatPercent(figures.avgScrollDepth)],
    ['Walls shown', formatCount(figures.walls)],
    ['Checkouts', formatCount(figures.checkouts)],
    ['Subscriptions', formatCount(figures.subscriptions)],
  ] as const;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt>{name}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
