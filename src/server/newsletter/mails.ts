import { compose, type MailSite } from '#server/mail/templates';
import type { MailMessage } from '#server/mail/queue';

/** The double opt-in's link: nothing else goes to the address until it is opened. */
export function confirmationMail(site: MailSite, email: string, url: string): MailMessage {
  return compose(site, {
    to: email,
    kind: 'newsletter-confirmation',
    secret: true,
    subject: `Confirm your subscription to ${site.name}`,
    greeting: 'Hello,',
    paragraphs: [
      `Someone, we hope you, asked for ${site.name}'s newsletter at this address. Please confirm that you want it: until you do, we send nothing else.`,
    ],
    action: { label: 'Confirm my subscription', url },
    after: [
      'The link works for a week. If you did not ask for the newsletter, ignore this message: this address gets nothing more from us.',
    ],
  });
}
