import { sql, type RawBuilder } from 'kysely';
import { searchLimits } from '#shared/search';
import type { Db } from '#server/db/database';
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

/** What an engine answers for the newest matches of a search: one page of them, and counts. */
export interface RankedPage {
  /** The page's articles, best first. */
  ids: number[];
  /** The matches ranked: all of them, or the newest `window` of them. */
  total: number;
  /** More articles match than the newest `window`. */
  more: boolean;
  /** How many of the matches ranked each publisher and each tag has, in any order. */
  publishers: { name: string; count: number }[];
  tags: { tag: string; count: number }[];
}

/** Which matches an engine ranks, and which of them it answers. */
export interface RankedSlice {
  /** The newest matches ranked and counted (`searchLimits.ranked`). */
  window: number;
  limit: number;
  offset: number;
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
   * The newest `window` matches, each scored by the engine's relevance (corpus-wide statistics,
   * so a score does not depend on which matches are read): ordered best first (the newer first
   * among equals), the slice asked for, and the matches' counts per publisher and per tag. The
   * engine does all of it in one statement, so only the page and the counts leave the database.
   */
  ranked(
    db: Db,
    terms: readonly Term[],
    filters: ResolvedFilters,
    publicOnly: boolean,
    slice: RankedSlice,
  ): Promise<RankedPage>;
  /** These matches' titles and best passages, marked, in any order. */
  marked(
    db: Db,
    terms: readonly Term[],
    ids: readonly number[],
    publicOnly: boolean,
  ): Promise<MarkedText[]>;
}

/**
 * A search's matches: the page's articles with their marked title and passage, the total and
 * `more` as the engine ranked them (the window is `searchLimits.ranked`), and the facets, the
 * most frequent first.
 */
export interface Matches extends Omit<RankedPage, 'ids'> {
  hits: MarkedText[];
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
  const ranked = await engine.ranked(db, terms, resolved, publicOnly, {
    window: searchLimits.ranked,
    limit,
    offset: (page - 1) * limit,
  });
  const marked = ranked.ids.length ? await engine.marked(db, terms, ranked.ids, publicOnly) : [];
  const byId = new Map(marked.map((text) => [text.id, text]));
  return {
    hits: ranked.ids.flatMap((id) => byId.get(id) ?? []),
    total: ranked.total,
    more: ranked.more,
    publishers: mostFirst(ranked.publishers, (facet) => facet.name),
    tags: mostFirst(ranked.tags, (facet) => facet.tag),
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

/** Facets the most frequent first, then by name. */
function mostFirst<Facet extends { count: number }>(
  facets: Facet[],
  name: (facet: Facet) => string,
): Facet[] {
  return facets.sort((a, b) => b.count - a.count || name(a).localeCompare(name(b)));
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

/**
 * The one statement each engine answers `ranked` with. `found` is the engine's read of the
 * newest `window + 1` matches, newest first, as rows (id, score, created_at, publisher_id);
 * around it, the statement keeps the newest `window`, orders them best first (the newer first
 * among equal scores), takes the slice asked for, and counts them per publisher and per tag,
 * each part as a JSON array made by the engine's functions (`json`). Done in the database, the
 * window's rows never leave it: sent to the server, a thousand rows and their tags cost more to
 * carry (from SQLite's read thread, or over PostgreSQL's connection) and to count in
 * JavaScript than the database takes to read them.
 */
export function rankedStatement(
  found: RawBuilder<unknown>,
  { window, limit, offset }: RankedSlice,
  json: { array: 'json_array' | 'json_build_array'; agg: 'json_group_array' | 'json_agg' },
): RawBuilder<RankedStatementRow> {
  const array = sql.raw(json.array);
  const agg = sql.raw(json.agg);
  const best = sql`score desc, created_at desc, id desc`;
  return sql<RankedStatementRow>`
    with found as materialized (${found}),
      ranked as materialized (select * from found order by id desc limit ${window})
    select
      (select count(*) from found) as found,
      (select coalesce(${agg}(id order by ${best}), '[]') from (
        select id, score, created_at from ranked order by ${best} limit ${limit} offset ${offset}
      ) chosen) as ids,
      (select coalesce(${agg}(${array}(p.name, c.n)), '[]') from (
        select publisher_id, count(*) as n from ranked group by publisher_id
      ) c join publisher p on p.id = c.publisher_id) as publishers,
      (select coalesce(${agg}(${array}(c.tag, c.n)), '[]') from (
        select t.tag as tag, count(*) as n from article_tag t
          -- "in", not a join: SQLite would otherwise walk all of article_tag by tag.
          where t.article_id in (select id from ranked) group by t.tag
      ) c) as tags`;
}

/** The statement's one row: JSON text on SQLite, already parsed on PostgreSQL. */
export interface RankedStatementRow {
  found: number;
  ids: string | number[];
  publishers: string | [string, number][];
  tags: string | [string, number][];
}

/** The statement's row as `ranked` answers it. */
export function rankedPageOf(row: RankedStatementRow, window: number): RankedPage {
  const parsed = <T>(value: string | T): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return {
    ids: parsed(row.ids),
    total: Math.min(row.found, window),
    more: row.found > window,
    publishers: parsed(row.publishers).map(([name, count]) => ({ name, count })),
    tags: parsed(row.tags).map(([tag, count]) => ({ tag, count })),
  };
}
