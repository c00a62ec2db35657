import type { CompiledQuery } from 'kysely';
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

interface ArticleRow {
  id: number;
  publisherId: number;
  isPremium: boolean | number;
  isApproved: boolean | number;
}

/**
 * The article's read, compiled once per database: it is made for every beacon of an article's
 * page, where building it was a few per cent of the beacon's CPU.
 */
const reads = new WeakMap<Db, CompiledQuery<ArticleRow>>();

function readOf(db: Db): CompiledQuery<ArticleRow> {
  let read = reads.get(db);
  if (!read) {
    read = db
      .selectFrom('article')
      .select(['id', 'publisherId', 'isPremium', 'isApproved'])
      .where('id', '=', 0)
      .compile();
    reads.set(db, read);
  }
  return read;
}

/** The published article `id`, or null when there is none (or it is pending or declined). */
export async function publishedArticle(db: Db, id: number | null): Promise<EventArticle | null> {
  if (id === null || !Number.isSafeInteger(id)) return null;
  const { rows } = await db.executeQuery<ArticleRow>({ ...readOf(db), parameters: [id] });
  const row = rows[0];
  if (!row || !toBool(row.isApproved)) return null;
  return { articleId: row.id, publisherId: row.publisherId, isPremium: toBool(row.isPremium) };
}
