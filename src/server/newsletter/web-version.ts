import { sql } from 'kysely';
import { freePart } from '#shared/article-body/free-part';
import type { ArticleBody } from '#shared/article-body/schema';
import type { NewsletterSendView } from '#shared/api/newsletter-reader';
import { mayReadFullText } from '#shared/rules/reading';
import type { Caller } from '#server/auth/guards';
import type { Db } from '#server/db/database';
import { toBool, toIso } from '#server/db/values';
import { isAuthor } from '#server/articles/entitlement';
import { selectSentArticles } from './sent-articles.js';

/** The largest key PostgreSQL's `serial` holds: a larger number names no send. */
const maxSendId = 2_147_483_647;

/**
 * A send's web version for `caller`, as its mail shows the articles (letters.ts): an article
 * sent alone whole to whoever may read its whole text (mayReadFullText) and as its free part to
 * the others; a digest's articles as their openings. Only the articles still published are
 * shown. Undefined for no such send, a send stopped before any of it went out (nobody holds its
 * link), and a send none of whose articles is published any more.
 */
export async function readSendView(
  db: Db,
  id: number,
  caller: Caller | null,
): Promise<NewsletterSendView | undefined> {
  if (id > maxSendId) return undefined;
  const send = await db
    .selectFrom('newsletterSend')
    .select(['id', 'kind', 'subject', 'articleIds', 'createdAt'])
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '<>', 'stopped'),
        eb.exists(
          eb
            .selectFrom('newsletterDelivery')
            .select(sql`1`.as('one'))
            .whereRef('newsletterDelivery.sendId', '=', 'newsletterSend.id')
            .where('newsletterDelivery.status', '=', 'sent'),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!send) return undefined;
  const ids = JSON.parse(send.articleIds) as number[];
  const rows =
    ids.length === 0
      ? []
      : await selectSentArticles(db, ids).where('article.isApproved', '=', true).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const articles = ids.flatMap((articleId) => {
    const row = byId.get(articleId);
    if (!row) return [];
    const isPremium = toBool(row.isPremium);
    const fullText = mayReadFullText({ isPremium }, caller, isAuthor(caller, row.authorId));
    const body = JSON.parse(row.body) as ArticleBody;
    return [
      {
        _id: String(row.id),
        name: row.title,
        publisher: row.publisher,
        isPremium,
        body: fullText && send.kind === 'article' ? body : freePart(body).body,
        fullText,
        authorIsAdmin: toBool(row.authorIsAdmin),
      },
    ];
  });
  if (articles.length === 0) return undefined;
  return {
    id: send.id,
    kind: send.kind,
    subject: send.subject,
    sentAt: toIso(send.createdAt),
    articles,
  };
}
