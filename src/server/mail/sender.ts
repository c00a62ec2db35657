import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/database';
import { claimDueMail, markFailed, markSent } from './queue.js';
import type { MailTransport } from './transport.js';

/** Messages one claim takes: a short statement, and a short hold on them if this server dies. */
const batchSize = 10;

/**
 * Sends what is due in the queue, a batch at a time, one run at a time per server. Several
 * servers may run at once: each claims different messages (queue.ts).
 */
export class MailSender {
  #running: Promise<void> | undefined;
  #again = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /** Sends what is due now; a run already going runs once more when it ends. */
  wake(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.sendDue()
      .catch((err: unknown) =>
        this.log.warn({ err }, 'sending mail failed; the next run tries again'),
      )
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Waits for a run in progress, before the database closes. */
  async idle(): Promise<void> {
    this.#again = false;
    await this.#running;
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
