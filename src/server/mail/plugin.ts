import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import { deleteInBatches, sweepBatchSize } from '#server/jobs/batches';
import { runPeriodically } from '#server/jobs/periodic';
import type { Db } from '#server/db/database';
import { deleteHandledMail, enqueueMail, type MailMessage } from './queue.js';
import { MailSender } from './sender.js';
import type { MailSite } from './templates.js';
import { createMailTransport, type OutgoingMail } from './transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mail;
  }
}

export interface Mail {
  /** The site's name and address, for templates.ts. */
  site: MailSite;
  /**
   * Queues a message (in the caller's transaction when `db` is one) and, once the caller's
   * request is answered, lets this server send it; answers whether it was queued (false when
   * `dedupeKey` was queued before).
   */
  send(db: Db, message: MailMessage, dedupeKey?: string): Promise<boolean>;
  /**
   * Hands one message to the mail server (or the outbox) at once, for a queue of its own (the
   * newsletter's deliveries); throws when it is not taken.
   */
  deliver(mail: OutgoingMail): Promise<void>;
}

/**
 * Mail: `app.mail.send` queues messages; every server sends what is due every few seconds, and
 * right after a request that queued one. Sending never holds up or fails that request.
 */
export const mailPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const intervalMs = config.mailIntervalMs ?? 5_000;
    const transport = createMailTransport(config.mail, app.log);
    const sender = new MailSender(app.database.db, transport, app.log, () => app.clock().getTime());
    app.decorate('mail', {
      site: { name: 'Tribune', publicUrl: config.publicUrl },
      send: async (db, message, dedupeKey) => {
        const queued = await enqueueMail(db, message, { now: app.clock().getTime(), dedupeKey });
        // After this turn of the event loop: the caller's transaction has committed by then
        // (or rolled back, and there is nothing to send).
        if (queued) setImmediate(() => sender.wake());
        return queued;
      },
      deliver: (mail) => transport.send(mail),
    } satisfies Mail);
    runPeriodically(app, 'mail', intervalMs, (signal) => sender.sendDue(signal));
    runPeriodically(app, 'mail sweep', 60 * 60_000, (signal) =>
      deleteInBatches(
        () => deleteHandledMail(app.database.db, app.clock().getTime(), sweepBatchSize),
        signal,
      ),
    );
    app.addHook('onClose', async () => {
      await sender.idle();
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['database'] },
);
