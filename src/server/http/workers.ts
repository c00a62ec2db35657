import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

export interface WorkerOptions {
  count: number;
  /** How long a SIGTERM lets the workers drain (they drain themselves: see drain.ts). */
  drainMs: number;
  log: Logger;
  /** Called once every first worker listens. */
  onListening(): void;
}

/** How long, past the drain, the workers get to close before they are killed. */
const closeGraceMs = 10_000;

/**
 * The primary process of `WEB_CONCURRENCY=N`: starts N workers (each runs main.ts and listens on
 * the one port, which node:cluster shares between them), replaces any that dies once all have
 * started, and on SIGTERM or SIGINT passes the signal on, so each drains and closes as a single
 * server does, then exits when they all have. A worker that dies before the first all listened
 * (a port in use, a bad database) stops the whole start: replacing it would fail the same way.
 */
export function superviseWorkers({ count, drainMs, log, onListening }: WorkerOptions): void {
  let started = false;
  let stopping: NodeJS.Signals | undefined;
  let failed = false;
  let listening = 0;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      if (started) log.info({ worker: worker.process.pid }, 'replacement worker listening');
      else if (++listening === count) {
        started = true;
        onListening();
      }
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping || failed) {
      // One still starting when the signal came dies of it, having served nothing: that is clean.
      if (code !== 0 && signal !== stopping) {
        failed = true;
        log.error({ worker: worker.process.pid, code, signal }, 'a worker did not close cleanly');
      }
      if (alive === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const pid = worker.process.pid;
    if (!started) {
      log.error(
        { worker: pid, code, signal },
        'a worker stopped while starting: stopping the server',
      );
      failed = true;
      stopAll('SIGTERM');
      if (alive === 0) process.exit(1);
      return;
    }
    log.error({ worker: pid, code, signal }, 'a worker died: starting another');
    fork();
  });

  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, drainMs + closeGraceMs).unref();
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = signal;
      log.info(`${signal} received: stopping ${count} workers`);
      stopAll(signal);
    });
  }

  for (let i = 0; i < count; i += 1) fork();
}
