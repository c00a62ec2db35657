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
      },
      mutations: {
        retry: false,
      },
    },
  });
}
