import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/database';
import { claimDueMail, markFailed, markSent } from './queue.js';
import type { MailTransport } from './transport.js';
import { WakeableRun } from '#server/jobs/wakeable-run';

/** Messages one claim takes: a short statement, and a short hold on them if this server dies. */
const batchSize = 10;

/**
 * Sends what is due in the queue, a batch at a time, one run at a time per server. Several
 * servers may run at once: each claims different messages (queue.ts).
 */
export class MailSender {
  readonly #runs = new WakeableRun(
    () => this.sendDue(),
    (err) => this.log.warn({ err }, 'sending mail failed; the next run tries again'),
  );

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /** Sends what is due now; a run already going runs once more when it ends. */
  wake(): void {
    this.#runs.wake();
  }

  /** Waits for a run in progress, before the database closes. */
  idle(): Promise<void> {
    return this.#runs.idle();
  }

  async sendDue(signal?: AbortSignal): Promise<void> {
    while (!signal?.aborted) {
      const batch = await claimDueMail(this.db, this.now(), batchSize);
      for (const mail of batch) {
        try {
          await this.transport.send(mail);
          await markSent(this.db, mail.id, this.now());
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const outcome = await markFailed(this.db, mail.id, message, this.now());
          this.log[outcome === 'retry' ? 'warn' : 'error'](
            { err, mailId: mail.id },
            outcome === 'retry'
              ? `mail to ${mail.to} not sent; it is tried again later`
              : `mail to ${mail.to} not sent after its last try; given up`,
          );
        }
      }
      if (batch.length < batchSize) return;
    }
  }
}
