/**
 * Waits until the server answers a small database read quickly again. A scenario that overloads
 * the server leaves requests behind that it keeps working through after their clients gave up
 * (it does not shed load); the next scenario must not be measured against that backlog. The
 * probe reads the publishers through the same query path, so it waits in the same queue (the
 * liveness probe would answer at once while the database work is still queued).
 * Answers the seconds it took, or throws when the server does not recover within `limitMs`.
 */
export async function settle(baseUrl: string, limitMs = 180_000): Promise<number> {
  const started = Date.now();
  let quick = 0;
  while (Date.now() - started < limitMs) {
    const sent = performance.now();
    const ok = await fetch(`${baseUrl}/api/publisher`, { signal: AbortSignal.timeout(5_000) })
      .then((res) => res.ok)
      .catch(() => false);
    // Three quick answers in a row: the backlog is gone.
    quick = ok && performance.now() - sent < 50 ? quick + 1 : 0;
    if (quick === 3) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server was still busy ${limitMs / 1000} s after the last scenario`);
}
