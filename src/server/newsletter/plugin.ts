import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import { runPeriodically } from '#server/jobs/periodic';
import { NewsletterSender } from './sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: {
      /** Starts delivering what is due now (after a send is queued). */
      wake(): void;
    };
  }
}

/**
 * Newsletter delivery: every server delivers the sends' due deliveries every few seconds, and
 * at once on the server that queued a send. Several servers share a send.
 */
export const newsletterPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const sender = new NewsletterSender({
      db: app.database.db,
      site: app.mail.site,
      from: config.mail.from,
      secret: config.authSecret,
      deliver: (mail) => app.mail.deliver(mail),
      log: app.log,
      now: () => app.clock(),
      rate: config.newsletterRate ?? 100,
    });
    app.decorate('newsletter', { wake: () => sender.wake() });
    runPeriodically(app, 'newsletter', config.mailIntervalMs ?? 5_000, (signal) =>
      sender.deliverDue(signal),
    );
    app.addHook('onClose', () => sender.idle());
  },
  { name: 'newsletter', dependencies: ['database', 'mail'] },
);
