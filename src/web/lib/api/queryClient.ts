import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/**
 * Reads are fresh for 30 s; a failed read is retried once, unless the server said no (4xx).
 * The browser makes one for its whole visit; the server one per page it renders.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.isClientError) && failureCount < 1,
        // A failed read stays failed until it is asked for again (Retry, a new address, the
        // window's focus), not at each mount: so a page the server rendered with a refusal
        // (a 400, a 429) shows it there, and hydrates showing it, instead of "loading".
        retryOnMount: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
