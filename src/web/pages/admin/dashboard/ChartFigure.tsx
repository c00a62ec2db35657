import type { ReactNode } from 'react';
import { LoadError } from '#web/components/LoadError';

interface Props {
  heading: string;
  query: { isPending: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown };
  children: ReactNode;
  /** Shown under the heading, over the chart (a choice of what it shows). */
  controls?: ReactNode;
  /** Shown under the chart (the same figures as a table). */
  after?: ReactNode;
}

/** A chart's frame: its heading, then 'Loading Chart...', the failure, or the chart. */
export function ChartFigure({ heading, query, children, controls, after }: Props) {
  return (
    <figure className="rounded-sm border border-rule bg-surface p-4">
      <figcaption>
        <h2 className="font-serif text-2xl font-bold">{heading}</h2>
      </figcaption>
      {controls}
      <div className="mt-4 h-96 sm:h-80">
        {query.error ? (
          <LoadError
            what="the chart"
            error={query.error}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending ? (
          <p role="status" className="grid h-full place-items-center text-ink-muted">
            Loading Chart...
          </p>
        ) : (
          children
        )}
      </div>
      {after}
    </figure>
  );
}
