import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';

/** How many readers Tribune has (GET /api/statistics). */
export interface Statistics {
  totalUsers: number;
  normalUsers: number;
  premiumUsers: number;
}

export const statisticsKeys = {
  all: ['statistics'] as const,
};

export function getStatistics(signal?: AbortSignal): Promise<Statistics> {
  return apiFetch<Statistics>('/statistics', { signal });
}

export function statisticsQueryOptions() {
  return queryOptions({
    queryKey: statisticsKeys.all,
    queryFn: ({ signal }) => getStatistics(signal),
  });
}

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
