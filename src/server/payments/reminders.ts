import { sql } from 'kysely';
import fp from 'fastify-plugin';
import { paths } from '#shared/paths';
import type { AppConfig } from '#server/config';
import { toBool, toIso } from '#server/db/values';
import { runPeriodically } from '#server/jobs/periodic';
import { premiumReminderMail } from '#server/mail/templates';
import { premiumRunsAt } from '#server/users/premium-sql';

/** How long before premium runs out its reminder goes. */
export const reminderLeadMs = 2 * 24 * 60 * 60_000;
/** Readers one run reminds at most: a short statement; the next run takes the rest. */
const batchSize = 200;

/**
 * Every server, every 15 minutes: readers whose premium runs out within two days get one
 * reminder per expiry. One statement claims them, writing the expiry into
 * `premium_reminded_until` (its conditions checked again under PostgreSQL's row lock, so two
 * servers cannot both claim a reader), and the mail is queued in the same transaction: each
 * reminder goes once, and a crash between the two leaves neither. A reader who buys again gets
 * a new expiry, and so a new reminder when that one nears. Admins, whose access does not run
 * out, and readers who turned notices off are claimed but not mailed.
 */
export const premiumRemindersPlugin = fp<{ config: Pick<AppConfig, 'reminderIntervalMs'> }>(
  async (app, { config }) => {
    runPeriodically(
      app,
      'premium reminders',
      config.reminderIntervalMs ?? 15 * 60_000,
      async () => {
        const now = app.clock();
        // Premium still runs (the shared rule's SQL form) and ends within the lead, unreminded.
        const until = sql.ref('user.premiumUntil');
        const reminded = sql.ref('user.premiumRemindedUntil');
        const due = sql<boolean>`${premiumRunsAt(now)} and ${until} <= ${new Date(now.getTime() + reminderLeadMs).toISOString()} and (${reminded} is null or ${reminded} <> ${until})`;
        await app.database.db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('user')
            .set({ premiumRemindedUntil: sql`premium_until` })
            .where('id', 'in', trx.selectFrom('user').select('id').where(due).limit(batchSize))
            .where(due)
            .returning(['id', 'name', 'email', 'premiumUntil', 'emailNotices', 'isAdmin'])
            .execute();
          for (const reader of claimed) {
            if (!toBool(reader.emailNotices) || toBool(reader.isAdmin) || !reader.premiumUntil) {
              continue;
            }
            const expiresAt = toIso(reader.premiumUntil);
            await app.mail.send(
              trx,
              premiumReminderMail(
                app.mail.site,
                reader,
                expiresAt,
                `${app.mail.site.publicUrl}${paths.subscription}`,
              ),
              `premium-reminder:${reader.id}:${expiresAt}`,
            );
          }
        });
      },
    );
  },
  { name: 'premium-reminders', dependencies: ['database', 'mail'] },
);
