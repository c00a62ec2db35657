import { articleMessages } from '#shared/article-messages';
import { AppError } from '#server/errors';

/** The largest key PostgreSQL's `serial` holds; a larger number cannot name an article. */
const maxId = 2_147_483_647;

/** The article id in a path: a positive whole number, or the article does not exist (404). */
export function parseArticleId(raw: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > maxId) throw new AppError('not_found', articleMessages.notFound);
  return id;
}
