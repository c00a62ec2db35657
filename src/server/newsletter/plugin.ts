import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config';
import { runPeriodically } from '#server/jobs/periodic';
import { localDayAndHour } from './digest-day.js';
import { NewsletterSender } from './sender.js';
import { queueDigest } from './sends.js';

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
 * at once on the server that queued a send; several servers share a send. Each also sees every
 * minute whether the day's digest is due (NEWSLETTER_HOUR in the site's time zone), and the
 * first to see it queues it.
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
    const hour = config.newsletterHour ?? 18;
    runPeriodically(app, 'newsletter digest', config.digestIntervalMs ?? 60_000, async () => {
      const now = app.clock();
      const local = localDayAndHour(now, config.timeZone);
      if (local.hour < hour) return;
      const queued = await queueDigest(app.database.db, local.day, app.mail.site.name, now);
      if (queued) sender.wake();
    });
    app.addHook('onClose', () => sender.idle());
  },
  { name: 'newsletter', dependencies: ['database', 'mail'] },
);
