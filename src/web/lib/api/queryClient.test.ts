import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { createQueryClient } from './queryClient';

/** Runs a read that fails with `error` each time, and answers how often it was tried. */
async function attempts(error: Error): Promise<number> {
  const client = createQueryClient();
  let tried = 0;
  const observing = new Promise<void>((resolve) => {
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.query.state.status === 'error') {
        unsubscribe();
        resolve();
      }
    });
  });
  void client
    .prefetchQuery({
      queryKey: ['failing'],
      queryFn: () => {
        tried += 1;
        throw error;
      },
      // The client's own retry rule, without its second's wait.
      retry: client.getDefaultOptions().queries?.retry,
      retryDelay: 0,
    })
    .catch(() => undefined);
  await observing;
  return tried;
}

describe('the query client', () => {
  it('tries a read again once when the server could not answer', async () => {
    expect(await attempts(new ApiError(503, 'unavailable', 'Busy'))).toBe(2);
  });

  it('tries again once after a network failure', async () => {
    expect(await attempts(new ApiError(0, 'network_error', 'Offline'))).toBe(2);
  });

  it('does not ask again when the server said no (4xx)', async () => {
    expect(await attempts(new ApiError(404, 'not_found', 'Gone'))).toBe(1);
    expect(await attempts(new ApiError(429, 'rate_limited', 'Slow down'))).toBe(1);
  });

  it('never retries a write', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('keeps reads fresh for 30 s and a failed read failed until asked again', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(30_000);
    expect(queries?.retryOnMount).toBe(false);
  });
});
