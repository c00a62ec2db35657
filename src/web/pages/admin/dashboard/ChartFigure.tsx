import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { QueryLoadError } from '#web/components/LoadError';

interface Props {
  heading: string;
  query: UseQueryResult<unknown>;
  /** A recharts chart, sized to the frame. */
  children: ReactNode;
  /** Shown under the heading, over the chart (a choice of what it shows). */
  controls?: ReactNode;
  /** Shown under the chart (the same figures as a table). */
  after?: ReactNode;
}

/** A chart's frame: its heading, then 'Loading Chart...', the failure, or the chart filling it. */
export function ChartFigure({ heading, query, children, controls, after }: Props) {
  return (
    <figure className="rounded-sm border border-rule bg-surface p-4">
      <figcaption>
        <h2 className="font-serif text-2xl font-bold">{heading}</h2>
      </figcaption>
      {controls}
      <div className="mt-4 h-96 sm:h-80">
        {query.isError ? (
          <QueryLoadError what="the chart" query={query} />
        ) : query.isPending ? (
          <p role="status" className="grid h-full place-items-center text-ink-muted">
            Loading Chart...
          </p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        )}
      </div>
      {after}
    </figure>
  );
}
