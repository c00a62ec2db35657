import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import {
  facetCounts,
  filterConditions,
  type Matches,
  type SearchFilters,
  type SearchPage,
} from './matches.js';
import { ftsQuery, markEnd, markStart, type Term } from './terms.js';

/**
 * SQLite: the FTS5 table article_search (migrations/010-site-search.ts) finds the matches and
 * ranks them by bm25, a title's words weighing more than the text's; the newer article first
 * among equals. highlight() marks the title, snippet() picks the passage of about 32 words that
 * holds the most matches: from the whole text (hidden) for a premium article the caller may
 * read, else from the shown text, which for a premium article is its public excerpt.
 */
export async function sqliteMatches(
  db: Db,
  terms: readonly Term[],
  filters: SearchFilters,
  { limit, page }: SearchPage,
  publicOnly: boolean,
): Promise<Matches> {
  const match = sql`article_search match ${ftsQuery(terms, publicOnly)} and ${filterConditions(filters)}`;
  // Each match is looked up in article_title_match_idx (migration 004), which holds every column
  // the filters and the order read: the article's own row, its whole text first, stays unread.
  const from = sql`article_search join article a indexed by article_title_match_idx on a.id = article_search.rowid`;
  const passageColumn = publicOnly ? sql`1` : sql`case when a.is_premium then 2 else 1 end`;
  const [hits, facets] = await Promise.all([
    sql<Matches['hits'][number]>`
      select a.id as id,
        highlight(article_search, 0, ${markStart}, ${markEnd}) as title,
        snippet(article_search, ${passageColumn}, ${markStart}, ${markEnd}, '…', 32) as passage
      from ${from} where ${match}
      order by bm25(article_search, 10.0, 3.0, 3.0), a.created_at desc, a.id desc
      limit ${limit} offset ${(page - 1) * limit}`.execute(db),
    facetCounts(db, from, match),
  ]);
  return { hits: hits.rows, ...facets };
}
