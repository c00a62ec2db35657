import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AnalyticsOverview } from '#shared/api/analytics';
import { QueryResult } from '#web/components/QueryResult';

/** One part of the overview: its heading and download, then its table once the overview is read. */
export function OverviewCard({
  heading,
  query,
  download,
  wide,
  children,
}: {
  heading: string;
  query: UseQueryResult<AnalyticsOverview>;
  download: ReactNode;
  /** Across both columns of a wide screen (tables of many columns). */
  wide?: boolean;
  children: (overview: AnalyticsOverview) => ReactNode;
}) {
  return (
    <section
      // min-w-0: a grid item would otherwise grow to its table's width on a phone.
      className={`min-w-0 rounded-sm border border-rule bg-surface p-4 ${wide ? 'xl:col-span-2' : ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-serif text-2xl font-bold">{heading}</h2>
        {download}
      </div>
      <div className="mt-4">
        <QueryResult
          query={query}
          what={heading.toLowerCase()}
          placeholder={<div aria-hidden className="h-40 animate-pulse bg-rule/40" />}
        >
          {children}
        </QueryResult>
      </div>
    </section>
  );
}
