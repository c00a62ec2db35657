import { paths } from '#shared/paths';
import type { Db } from '#server/db/database';
import type { Mail } from '#server/mail/plugin';
import { compose, type MailSite } from '#server/mail/templates';
import type { MailMessage } from '#server/mail/queue';

export interface StoppedSend {
  id: number;
  subject: string;
  recipients: number;
  complaints: number;
}

/** An admin is told that a send stopped itself, and where to see it. */
export function sendStoppedMail(
  site: MailSite,
  admin: { name: string; email: string },
  send: StoppedSend,
): MailMessage {
  return compose(site, {
    to: admin.email,
    kind: 'newsletter-stopped',
    subject: `Newsletter stopped: ${send.subject}`,
    greeting: `Hello ${admin.name},`,
    paragraphs: [
      `The newsletter “${send.subject}” stopped by itself: ${send.complaints} of its ${send.recipients} readers marked it as spam, more than 0.3%. Its messages not yet sent will not go.`,
      'Mail services stop taking our mail when too many readers complain. Please look at what went out before sending again.',
    ],
    action: {
      label: 'See the newsletter’s sends',
      url: `${site.publicUrl}${paths.admin.dashboard}`,
    },
  });
}

/** Queues the notice to every admin, once each per send, in the caller's transaction. */
export async function noticeAdminsOfStop(db: Db, mail: Mail, send: StoppedSend): Promise<void> {
  const admins = await db
    .selectFrom('user')
    .select(['id', 'name', 'email'])
    .where('isAdmin', '=', true)
    .execute();
  for (const admin of admins) {
    await mail.send(
      db,
      sendStoppedMail(mail.site, admin, send),
      `newsletter-stopped:${send.id}:${admin.id}`,
    );
  }
}
