import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsOverview,
  AnalyticsSpan,
  AnalyticsTable,
  ArticleAnalytics,
  ReaderRevenueMonth,
} from '#shared/api/analytics';
import { queryString } from '#shared/api/query-string';
import { apiFetch, apiFetchBlob } from './client';

/*
 * The paper's own analytics, for the admin area: the dashboard's overview and reader-revenue
 * month, and an article's figures on its admin card. Only admin pages import this module, so it
 * stays in their chunks.
 */

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (days: AnalyticsSpan) => [...analyticsKeys.all, 'overview', days] as const,
  article: (id: string, days: number) => [...analyticsKeys.all, 'article', id, days] as const,
  readerRevenue: () => [...analyticsKeys.all, 'reader-revenue'] as const,
};

export function useAnalyticsOverview(days: AnalyticsSpan) {
  return useQuery({
    queryKey: analyticsKeys.overview(days),
    queryFn: ({ signal }) =>
      apiFetch<AnalyticsOverview>(`/analytics/overview?${queryString({ days })}`, { signal }),
    // The figures of the span shown stay while the next span's load.
    placeholderData: keepPreviousData,
  });
}

/** The days an article's admin card sums up. */
export const articleFiguresDays = 30;

/** One article's figures over the last 30 days, read only once `enabled` (the card is opened). */
export function useArticleAnalytics(id: string, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.article(id, articleFiguresDays),
    queryFn: ({ signal }) =>
      apiFetch<ArticleAnalytics>(
        `/analytics/articles/${encodeURIComponent(id)}?${queryString({ days: articleFiguresDays })}`,
        { signal },
      ),
    enabled,
  });
}

export function useReaderRevenueMonth() {
  return useQuery({
    queryKey: analyticsKeys.readerRevenue(),
    queryFn: ({ signal }) => apiFetch<ReaderRevenueMonth>('/analytics/reader-revenue', { signal }),
  });
}

/**
 * Saves one of the overview's tables as a CSV file. The server answers CSV to `Accept:
 * text/csv`, which a plain link cannot send: the file is fetched with the session's cookie and
 * handed to the browser as a download.
 */
export async function downloadAnalyticsCsv(days: AnalyticsSpan, table: AnalyticsTable) {
  const csv = await apiFetchBlob(`/analytics/overview?${queryString({ days, table })}`, 'text/csv');
  const url = URL.createObjectURL(csv);
  const link = document.createElement('a');
  link.href = url;
  link.download = `tribune-${table}-${days === 1 ? 'today' : `${days}-days`}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's task: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url));
}
