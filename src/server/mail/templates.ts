import { escapeMarkup } from '#server/http/escape-markup';
import type { MailKind, MailMessage } from './queue.js';

/** What every message says, and the site it comes from. */
export interface MailSite {
  name: string;
  publicUrl: string;
}

interface Letter {
  to: string;
  kind: MailKind;
  /** Its link is a secret: a password reset's or an address verification's (queue.ts). */
  secret?: boolean;
  subject: string;
  greeting: string;
  /** Plain sentences: escaped for the HTML part, as they are for the text part. */
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and an address on its own line in text. */
  action?: { label: string; url: string };
  /** Said after the action. */
  after?: string[];
}

/**
 * One message as plain text and as simple HTML (one column, inline styles, which mail programs
 * keep), both saying the same, signed with the site's name and address. Every value is escaped
 * in the HTML, whatever it holds: names and reasons are what users typed.
 */
export function compose(site: MailSite, letter: Letter): MailMessage {
  const after = letter.after ?? [];
  const text = [
    letter.greeting,
    ...letter.paragraphs,
    ...(letter.action ? [`${letter.action.label}:\n${letter.action.url}`] : []),
    ...after,
    `${site.name}\n${site.publicUrl}`,
  ].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeMarkup(p)}</p>`;
  const button = letter.action
    ? `<p style="margin:24px 0"><a href="${escapeMarkup(letter.action.url)}" style="background:#1a1a1a;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeMarkup(letter.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">${escapeMarkup(letter.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(letter.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f4;font-family:Georgia,serif;color:#1a1a1a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold">${escapeMarkup(site.name)}</p>
${paragraph(letter.greeting)}
${letter.paragraphs.map(paragraph).join('\n')}
${button}
${after.map(paragraph).join('\n')}
<p style="margin:32px 0 0;font-size:13px;color:#555555"><a href="${escapeMarkup(site.publicUrl)}" style="color:#555555">${escapeMarkup(site.publicUrl)}</a></p>
</div>
</body></html>
`;
  return {
    to: letter.to,
    kind: letter.kind,
    secret: letter.secret ?? false,
    subject: letter.subject,
    text: `${text}\n`,
    html,
  };
}

/** The secret links we mail to an account's own address: what each one says. */
const accountLinks = {
  // better-auth's reset link (auth/password-reset.ts).
  'password-reset': (siteName: string) => ({
    subject: `Choose a new password for ${siteName}`,
    why: `Someone, we hope you, asked to choose a new password for your ${siteName} account.`,
    label: 'Choose a new password',
    after:
      'The link works once, within an hour; once you use it, any other password link we sent you stops working. If you did not ask for it, ignore this message: your password stays as it is.',
  }),
  // The link that shows an address is the account's (auth.ts, on registration and on asking).
  'email-verification': (siteName: string) => ({
    subject: `Confirm your email address for ${siteName}`,
    why: `Welcome to ${siteName}. Please confirm that this is your address: until you do, you can read and sign in, but not post articles or subscribe.`,
    label: 'Confirm my address',
    after:
      'The link works once, within a day. If you did not make an account, ignore this message.',
  }),
} satisfies Partial<Record<MailKind, (siteName: string) => object>>;

/** A password reset's or an address verification's link, sent to the account's address. */
export function accountLinkMail(
  kind: keyof typeof accountLinks,
  site: MailSite,
  user: { name: string; email: string },
  url: string,
): MailMessage {
  const words = accountLinks[kind](site.name);
  return compose(site, {
    to: user.email,
    kind,
    secret: true,
    subject: words.subject,
    greeting: `Hello ${user.name},`,
    paragraphs: [words.why],
    action: { label: words.label, url },
    after: [words.after],
  });
}

/** What an editor did to an article, as its author's notice says it. */
export type ArticleReview =
  | { kind: 'approved' }
  | { kind: 'premium' }
  | { kind: 'declined'; reason: string }
  | { kind: 'revision approved' }
  | { kind: 'revision declined'; reason: string };

/** The author's notice of an editor's decision (articles/notices.ts). */
export function articleReviewMail(
  site: MailSite,
  author: { name: string; email: string },
  article: { title: string; opening: string; url: string },
  review: ArticleReview,
  myArticlesUrl: string,
): MailMessage {
  const title = `“${article.title}”`;
  const letters: Record<ArticleReview['kind'], { subject: string; paragraphs: string[] }> = {
    approved: {
      subject: `Your article is published: ${article.title}`,
      paragraphs: [`An editor approved ${title}. It is on ${site.name} for every reader now.`],
    },
    premium: {
      subject: `Your article is premium: ${article.title}`,
      paragraphs: [
        `An editor made ${title} a premium article: subscribers read all of it, other readers its opening.`,
      ],
    },
    declined: {
      subject: `Your article was declined: ${article.title}`,
      paragraphs: [`An editor declined ${title}.`],
    },
    'revision approved': {
      subject: `Your edit is published: ${article.title}`,
      paragraphs: [`An editor approved your edit of ${title}. Readers see the new text now.`],
    },
    'revision declined': {
      subject: `Your edit was declined: ${article.title}`,
      paragraphs: [`An editor declined your edit of ${title}. The earlier text stays published.`],
    },
  };
  const letter = letters[review.kind];
  const declined = review.kind === 'declined' || review.kind === 'revision declined';
  return compose(site, {
    to: author.email,
    kind: 'article-review',
    subject: letter.subject,
    greeting: `Hello ${author.name},`,
    paragraphs: [
      ...letter.paragraphs,
      ...(article.opening ? [`It opens: “${article.opening}”`] : []),
      ...(declined ? [`The editor's reason: ${review.reason}`] : []),
    ],
    action: declined
      ? { label: 'Open My Articles', url: myArticlesUrl }
      : { label: 'Read it', url: article.url },
    after: [noticesFooter],
  });
}

/** After every granted payment: the plan, the amount and the new expiry (payments/grant.ts). */
export function receiptMail(
  site: MailSite,
  user: { name: string; email: string },
  receipt: { plan: string; amountCents: number; expiresAt: string; transactionId: string },
): MailMessage {
  const amount = `$${(receipt.amountCents / 100).toFixed(2)}`;
  return compose(site, {
    to: user.email,
    kind: 'receipt',
    subject: `Your ${site.name} receipt: ${receipt.plan}, ${amount}`,
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `Thank you for subscribing. This is your receipt.`,
      `Plan: ${receipt.plan}. Amount paid: ${amount}. Transaction: ${receipt.transactionId}.`,
      `Your premium access now runs until ${formatWhen(receipt.expiresAt)}.`,
    ],
    action: { label: 'Read premium articles', url: `${site.publicUrl}/premiumarticles` },
  });
}

/** Two days before premium runs out (mail/reminders.ts). */
export function premiumReminderMail(
  site: MailSite,
  user: { name: string; email: string },
  expiresAt: string,
  subscriptionUrl: string,
): MailMessage {
  return compose(site, {
    to: user.email,
    kind: 'premium-reminder',
    subject: `Your ${site.name} premium access ends soon`,
    greeting: `Hello ${user.name},`,
    paragraphs: [
      `Your premium access runs until ${formatWhen(expiresAt)}. A new plan adds its time to what is left.`,
    ],
    action: { label: 'Choose a plan', url: subscriptionUrl },
    after: [noticesFooter],
  });
}

const noticesFooter = 'You can turn these notices off in My Profile.';

/** A moment as readers everywhere read it: in UTC, said so. */
function formatWhen(iso: string): string {
  return `${new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC`;
}
