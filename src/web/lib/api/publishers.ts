import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Publisher } from '#shared/publisher';
import { apiFetch } from './client';

/** Query keys for publishers; mutations (adding a publisher) invalidate through these. */
export const publisherKeys = {
  all: ['publishers'] as const,
};

export function getPublishers(signal?: AbortSignal): Promise<Publisher[]> {
  return apiFetch<Publisher[]>('/publisher', { signal });
}

export function publishersQueryOptions() {
  return queryOptions({
    queryKey: publisherKeys.all,
    queryFn: ({ signal }) => getPublishers(signal),
  });
}

/** Every publisher with its logo, for the home page grid. */
export function usePublishers() {
  return useQuery(publishersQueryOptions());
}
