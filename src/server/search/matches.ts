import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';

/** What narrows a search besides its words. */
export interface SearchFilters {
  /** A publisher's whole name, in any case. */
  publisher?: string;
  /** Articles carrying every one of these tags. */
  tags?: readonly string[];
  isPremium?: boolean;
}

export interface SearchPage {
  limit: number;
  /** 1-based. */
  page: number;
}

/** One engine's answer: the page's articles with their marked title and passage, and facets. */
export interface Matches {
  hits: { id: number; title: string; passage: string }[];
  total: number;
  publishers: { name: string; count: number }[];
  tags: { tag: string; count: number }[];
}

export const facetSizes = { publishers: 10, tags: 12 } as const;

/**
 * The filters as conditions on `article a`, the same on both engines. The article must be
 * approved whatever the index holds (SQLite's holds approved articles only; PostgreSQL's
 * partial index is chosen by this very condition).
 */
export function filterConditions(filters: SearchFilters): RawBuilder<unknown> {
  const all: RawBuilder<unknown>[] = [sql`a.is_approved`];
  if (filters.isPremium !== undefined) {
    all.push(filters.isPremium ? sql`a.is_premium` : sql`not a.is_premium`);
  }
  if (filters.publisher !== undefined) {
    all.push(
      sql`a.publisher_id in (select p.id from publisher p where lower(p.name) = lower(${filters.publisher}))`,
    );
  }
  for (const tag of filters.tags ?? []) {
    all.push(
      sql`exists (select 1 from article_tag t where t.article_id = a.id and t.tag = ${tag})`,
    );
  }
  return sql.join(all, sql` and `);
}

/** Counts per group, the most first, then by name, as a facet lists them. */
export function byCount<T extends { count: number }>(rows: T[], name: (row: T) => string): T[] {
  return rows
    .map((row) => ({ ...row, count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || name(a).localeCompare(name(b)));
}

/**
 * The matches' counts per publisher and per tag, and their total (the publishers' sum), on
 * either engine: `from` names the matches joined to `article a`, `match` what they must meet.
 */
export async function facetCounts(
  db: Db,
  from: RawBuilder<unknown>,
  match: RawBuilder<unknown>,
): Promise<Omit<Matches, 'hits'>> {
  const [publishers, tags] = await Promise.all([
    sql<{ name: string; count: number }>`
      select p.name as name, count(*) as count
      from ${from} join publisher p on p.id = a.publisher_id where ${match}
      group by p.id`.execute(db),
    sql<{ tag: string; count: number }>`
      select t.tag as tag, count(*) as count
      from ${from} join article_tag t on t.article_id = a.id where ${match}
      group by t.tag`.execute(db),
  ]);
  return {
    total: publishers.rows.reduce((sum, row) => sum + Number(row.count), 0),
    publishers: publishers.rows,
    tags: tags.rows,
  };
}
