import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` while the app is up (from `ready` to `close`). The timer does
 * not keep the process alive, a run never overlaps the one before, a failure is logged and the
 * next tick tries again, and closing the app stops the timer, tells a run in progress to stop
 * (its signal aborts) and waits for it, so the database is not closed under it.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  task: (signal: AbortSignal) => Promise<unknown>,
): void {
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running || stop.signal.aborted) return;
    running = task(stop.signal)
      .then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, `${name} failed; the next run tries again`),
      )
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  });
}

/**
 * Writes what this process counts in memory (views, the search budget) every `intervalMs`, and
 * once more as the app closes, after any write in progress, so nothing counted is lost to a
 * restart.
 */
export function flushPeriodically(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  flush: () => Promise<unknown>,
): void {
  runPeriodically(app, name, intervalMs, flush);
  // Added after runPeriodically's own hook, which stops its timer and waits for its run.
  app.addHook('preClose', async () => {
    await flush();
  });
}
