import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { Statistics } from '#shared/api/statistics';

export type { Statistics };

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
