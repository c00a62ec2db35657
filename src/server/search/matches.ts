import { sql, type RawBuilder } from 'kysely';
import { searchLimits } from '#shared/search';
import type { Db } from '../db/database.js';
import type { Term } from './terms.js';

/** What narrows a search besides its words. */
export interface SearchFilters {
  /** A publisher's whole name, in any case. */
  publisher?: string;
  /** Articles carrying every one of these tags. */
  tags?: readonly string[];
  isPremium?: boolean;
}

/** The filters as an engine gets them: the publisher found by its name. */
export type ResolvedFilters = Omit<SearchFilters, 'publisher'> & { publisherId?: number };

export interface SearchPage {
  limit: number;
  /** 1-based. */
  page: number;
}

/** A match among the newest, as an engine finds it: its score (higher is better) and facets. */
export interface RankedRow {
  id: number;
  score: number;
  createdAt: string | Date;
  publisher: string;
  tags: string[];
}

/** A result's title and passage with the engine's marks around the matched words. */
export interface MarkedText {
  id: number;
  title: string;
  passage: string;
}

/** What one engine does for a search (sqlite-matches.ts, postgres-matches.ts). */
export interface SearchEngine {
  /**
   * The newest matches, newest first, at most `count`: each scored by the engine's relevance
   * (corpus-wide statistics, so a score does not depend on which matches are read), with its
   * publisher's name and its tags.
   */
  newest(
    db: Db,
    terms: readonly Term[],
    filters: ResolvedFilters,
    publicOnly: boolean,
    count: number,
  ): Promise<RankedRow[]>;
  /** These matches' titles and best passages, marked, in any order. */
  marked(
    db: Db,
    terms: readonly Term[],
    ids: readonly number[],
    publicOnly: boolean,
  ): Promise<MarkedText[]>;
}

/** One engine's answer: the page's articles with their marked title and passage, and facets. */
export interface Matches {
  hits: MarkedText[];
  /** The matches ranked and counted: all of them, or the newest `searchLimits.ranked`. */
  total: number;
  /** More articles match than the newest `searchLimits.ranked`, which alone are ranked. */
  more: boolean;
  publishers: { name: string; count: number }[];
  tags: { tag: string; count: number }[];
}

export const facetSizes = { publishers: 10, tags: 12 } as const;

/**
 * A search ranks and counts the newest `searchLimits.ranked` of its matches, so its work is
 * bounded whatever the words: a word in most of 100,000 articles costs what a rarer one does,
 * rather than scoring, sorting and grouping every match. Below that many, which is most
 * searches, every match is ranked and the counts are exact.
 */
export async function findMatches(
  engine: SearchEngine,
  db: Db,
  terms: readonly Term[],
  filters: SearchFilters,
  { limit, page }: SearchPage,
  publicOnly: boolean,
): Promise<Matches> {
  const resolved = await resolveFilters(db, filters);
  if (!resolved) return noMatches;
  const found = await engine.newest(db, terms, resolved, publicOnly, searchLimits.ranked + 1);
  const more = found.length > searchLimits.ranked;
  const rows = found.slice(0, searchLimits.ranked).map((row) => ({
    ...row,
    time: new Date(row.createdAt).getTime(),
  }));
  rows.sort((a, b) => b.score - a.score || b.time - a.time || b.id - a.id);
  const pageIds = rows.slice((page - 1) * limit, page * limit).map((row) => row.id);
  const marked = pageIds.length ? await engine.marked(db, terms, pageIds, publicOnly) : [];
  const byId = new Map(marked.map((text) => [text.id, text]));
  return {
    hits: pageIds.flatMap((id) => byId.get(id) ?? []),
    total: rows.length,
    more,
    publishers: countsOf(rows.map((row) => row.publisher)).map(([name, count]) => ({
      name,
      count,
    })),
    tags: countsOf(rows.flatMap((row) => row.tags)).map(([tag, count]) => ({ tag, count })),
  };
}

const noMatches: Matches = { hits: [], total: 0, more: false, publishers: [], tags: [] };

/**
 * The publisher named in the filters, found first: a name no publisher has matches nothing,
 * which is answered at once rather than by walking every match of the words to find none.
 */
async function resolveFilters(
  db: Db,
  { publisher, ...rest }: SearchFilters,
): Promise<ResolvedFilters | null> {
  if (publisher === undefined) return rest;
  const found = await db
    .selectFrom('publisher')
    .select('id')
    // As the unique index on publisher names has them (migration 001), so it is the one read.
    .where(sql`lower(name)`, '=', sql`lower(${publisher})`)
    .executeTakeFirst();
  return found ? { ...rest, publisherId: found.id } : null;
}

/** How often each value comes, the most first, then by name. */
function countsOf(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/**
 * The filters as conditions on `article a`, the same on both engines. The article must be
 * approved whatever the index holds (SQLite's holds approved articles only; PostgreSQL's
 * partial index is chosen by this very condition).
 */
export function filterConditions(filters: ResolvedFilters): RawBuilder<unknown> {
  const all: RawBuilder<unknown>[] = [sql`a.is_approved`];
  if (filters.isPremium !== undefined) {
    all.push(filters.isPremium ? sql`a.is_premium` : sql`not a.is_premium`);
  }
  if (filters.publisherId !== undefined) all.push(sql`a.publisher_id = ${filters.publisherId}`);
  for (const tag of filters.tags ?? []) {
    all.push(
      sql`exists (select 1 from article_tag t where t.article_id = a.id and t.tag = ${tag})`,
    );
  }
  return sql.join(all, sql` and `);
}
