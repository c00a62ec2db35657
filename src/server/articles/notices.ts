import type { FastifyInstance } from 'fastify';
import { paths } from '#shared/paths';
import { toBool } from '#server/db/values';
import { articleReviewMail, type ArticleReview } from '#server/mail/templates';

/**
 * Mails the author what an editor decided, unless they turned notices off, with the story's
 * opening: the beginning of its free part (shared/excerpt.ts), as every list shows it. Called once the
 * decision is written (it is a notice, not a record: the decision stands whether or not it goes).
 */
export async function sendReviewNotice(
  app: FastifyInstance,
  articleId: number,
  review: ArticleReview,
): Promise<void> {
  const db = app.database.db;
  const row = await db
    .selectFrom('article')
    .innerJoin('user', 'user.id', 'article.authorId')
    .select(['article.title', 'article.premiumExcerpt'])
    .select(['user.name', 'user.email', 'user.emailNotices'])
    .where('article.id', '=', articleId)
    .executeTakeFirst();
  if (!row || !toBool(row.emailNotices)) return;
  const { publicUrl } = app.mail.site;
  await app.mail.send(
    db,
    articleReviewMail(
      app.mail.site,
      { name: row.name, email: row.email },
      {
        title: row.title,
        opening: row.premiumExcerpt,
        url: `${publicUrl}${paths.article(String(articleId))}`,
      },
      review,
      `${publicUrl}${paths.myArticles}`,
    ),
  );
}
