import { PostgresAdapter } from 'kysely';
import type { Db } from '#server/db/database';

/** What the edit form changes: an article's content, or an edit of it waiting for review. */
export interface ArticleContent {
  title: string;
  image: string;
  publisherId: number;
  /** The body as JSON (src/shared/article-body/). */
  body: string;
  description: string;
  tags: readonly string[];
}

export function sameContent(a: ArticleContent, b: ArticleContent): boolean {
  const tags = new Set(a.tags);
  return (
    a.title === b.title &&
    a.image === b.image &&
    a.publisherId === b.publisherId &&
    a.body === b.body &&
    tags.size === new Set(b.tags).size &&
    b.tags.every((tag) => tags.has(tag))
  );
}

/**
 * The article's row for a write that depends on what it holds, inside a transaction. On
 * PostgreSQL the row stays locked until the transaction ends (SELECT … FOR UPDATE), so the
 * writers of one article (the author's edit, an editor's review of it) take turns and always
 * lock in the same order; SQLite's write transactions already run one at a time.
 */
export function lockArticle(trx: Db, id: number) {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return trx
    .selectFrom('article')
    .select(['authorId', 'title', 'image', 'publisherId', 'body', 'description', 'isApproved'])
    .where('id', '=', id)
    .$if(postgres, (q) => q.forUpdate())
    .executeTakeFirst();
}
