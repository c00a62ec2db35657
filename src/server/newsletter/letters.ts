import { renderBodyHtml } from '#shared/article-body/html';
import { bodyPlainText } from '#shared/article-body/plain-text';
import { freePart } from '#shared/article-body/free-part';
import type { ArticleBody } from '#shared/article-body/schema';
import { paths } from '#shared/paths';
import { escapeMarkup } from '#server/http/escape-markup';
import type { MailSite } from '#server/mail/templates';
import type { OutgoingMail } from '#server/mail/transport';

export interface LetterArticle {
  id: number;
  publisherId: number;
  title: string;
  publisher: string;
  body: ArticleBody;
  isPremium: boolean;
  authorIsAdmin: boolean;
}

export interface LetterRecipient {
  email: string;
  /** A premium reader or an admin: premium articles come whole. */
  readsPremium: boolean;
  /** Their own link's token (links.ts), for the preferences and unsubscribe links. */
  token: string;
}

/**
 * One newsletter for one reader, as HTML and plain text saying the same. An article sent alone
 * comes whole, or for a premium article and a reader who may not read it as its free part and a
 * link to subscribe (nothing past the free part is in the message); a digest (`openings`) gives
 * each article's free part and a link to the rest. Our look in inline styles, light
 * or dark as the mail program shows it, no image but the body's own (ours), no tracking pixel
 * and no rewritten link. Every message says how to leave: the preferences and unsubscribe pages
 * in the text, and RFC 8058's one-click headers for the mail program.
 */
/** An article's link in a letter, marked as the newsletter's for the site's analytics. */
const newsletterLink = (id: number) =>
  `${paths.article(String(id))}?utm_source=newsletter&utm_medium=email`;

export function newsletterLetter(
  site: MailSite,
  send: { id: number; subject: string; openings: boolean },
  articles: LetterArticle[],
  recipient: LetterRecipient,
  from: string,
): OutgoingMail {
  const url = (path: string) => `${site.publicUrl}${path}`;
  const parts = articles.map((article) => {
    // May the reader follow the link to the whole text?
    const whole = !article.isPremium || recipient.readsPremium;
    const rendered = renderedBody(article, whole && !send.openings, site.publicUrl);
    return { article, ...rendered, whole, link: url(newsletterLink(article.id)) };
  });
  const preferences = url(paths.newsletterPreferences(recipient.token));
  const unsubscribePage = url(paths.newsletterUnsubscribe(recipient.token));
  const oneClick = url(`/api/newsletter/unsubscribe?token=${encodeURIComponent(recipient.token)}`);
  const subscribe = url(paths.subscription);
  const webVersion = url(paths.newsletterSend(String(send.id)));

  const text = [
    `${send.subject}\nView in your browser: ${webVersion}`,
    ...parts.map(({ article, bodyText, whole, link }) =>
      [
        `${article.title}\n${article.publisher}`,
        bodyText,
        whole ? `Read it on ${site.name}:\n${link}` : `The rest is for subscribers:\n${subscribe}`,
      ].join('\n\n'),
    ),
    `You receive this because you subscribed to ${site.name}'s newsletter.\nChoose what you receive:\n${preferences}\nUnsubscribe:\n${unsubscribePage}`,
  ].join('\n\n---\n\n');

  const e = escapeMarkup;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${e(send.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Georgia,serif;line-height:1.6">
<div style="max-width:600px;margin:0 auto">
<p style="margin:0 0 8px;font-size:13px;opacity:0.75"><a href="${e(webVersion)}" style="color:inherit">View in your browser</a></p>
<p style="margin:0 0 24px;font-size:24px;font-weight:bold;border-bottom:3px solid currentColor;padding-bottom:8px">${e(site.name)}</p>
${parts
  .map(
    ({ article, bodyHtml, whole, link }) => `<div style="margin:0 0 40px">
<h1 style="margin:0 0 4px;font-size:26px;line-height:1.25"><a href="${e(link)}" style="color:inherit">${e(article.title)}</a></h1>
<p style="margin:0 0 16px;font-size:14px;opacity:0.75">${e(article.publisher)}</p>
${bodyHtml}
<p style="margin:16px 0 0"><a href="${e(whole ? link : subscribe)}" style="color:#b3261e;font-weight:bold">${whole ? `Read it on ${e(site.name)}` : 'The rest is for subscribers: subscribe to read it'}</a></p>
</div>`,
  )
  .join('\n')}
<p style="margin:32px 0 0;font-size:13px;opacity:0.75">You receive this because you subscribed to ${e(site.name)}'s newsletter. <a href="${e(preferences)}" style="color:inherit">Choose what you receive</a> · <a href="${e(unsubscribePage)}" style="color:inherit">Unsubscribe</a></p>
</div>
</body></html>
`;
  return {
    // One id a delivery: a repeat of the same message carries the same Message-ID.
    id: `newsletter-${send.id}-${recipient.token.split('.')[0]}`,
    to: recipient.email,
    subject: send.subject,
    text: `${text}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>, <mailto:${addressOf(from)}?subject=unsubscribe%20${encodeURIComponent(recipient.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * An article's body as a letter shows it, whole or its free part, as HTML and text: the same for
 * every reader of a send, so rendered once per article object (the sender keeps a send's
 * articles for one run) rather than once per message.
 */
const renderedBodies = new WeakMap<
  LetterArticle,
  Map<boolean, { bodyHtml: string; bodyText: string }>
>();
function renderedBody(article: LetterArticle, whole: boolean, baseUrl: string) {
  let forArticle = renderedBodies.get(article);
  if (!forArticle) renderedBodies.set(article, (forArticle = new Map()));
  let rendered = forArticle.get(whole);
  if (!rendered) {
    const body = whole ? article.body : freePart(article.body).body;
    rendered = {
      bodyHtml: renderBodyHtml(body, { authorIsAdmin: article.authorIsAdmin, baseUrl }),
      bodyText: bodyPlainText(body),
    };
    forArticle.set(whole, rendered);
  }
  return rendered;
}

/** The address alone of a From line ("Tribune <news@example.com>"). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
