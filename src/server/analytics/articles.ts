import type { Db } from '#server/db/database';
import { toBool } from '#server/db/values';

/** A published article as the events name it: its id, publisher and whether it is premium. */
export interface EventArticle {
  articleId: number;
  publisherId: number;
  isPremium: boolean;
}

const articlePath = /^\/articles\/(\d{1,15})\/?(?:[?#]|$)/;

/** The article id an address names (`/articles/12?utm_source=x`), or null for any other page. */
export function articleIdOfPath(path: string): number | null {
  const match = articlePath.exec(path);
  return match ? Number(match[1]) : null;
}

/** The published article `id`, or null when there is none (or it is pending or declined). */
export async function publishedArticle(db: Db, id: number | null): Promise<EventArticle | null> {
  if (id === null || !Number.isSafeInteger(id)) return null;
  const row = await db
    .selectFrom('article')
    .select(['id', 'publisherId', 'isPremium', 'isApproved'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !toBool(row.isApproved)) return null;
  return { articleId: row.id, publisherId: row.publisherId, isPremium: toBool(row.isPremium) };
}
