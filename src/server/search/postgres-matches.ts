import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import {
  facetCounts,
  filterConditions,
  type Matches,
  type SearchFilters,
  type SearchPage,
} from './matches.js';
import { markEnd, markStart, tsQuery, type Term } from './terms.js';

/**
 * PostgreSQL: the generated tsvector article.search and its GIN index over approved articles
 * (migrations/010-site-search.ts) find the matches; ts_rank ranks them, the title (A) weighing
 * more than the text (B, and C for a premium article's whole text), the newer article first
 * among equals. ts_headline marks the page's titles and picks each passage: from the whole text
 * for a premium article the caller may read, else from what is public (a premium article's
 * excerpt).
 */
export async function postgresMatches(
  db: Db,
  terms: readonly Term[],
  filters: SearchFilters,
  { limit, page }: SearchPage,
  publicOnly: boolean,
): Promise<Matches> {
  const query = sql`to_tsquery('english', ${tsQuery(terms, publicOnly)})`;
  const match = sql`a.search @@ ${query} and ${filterConditions(filters)}`;
  const passageText = publicOnly
    ? sql`case when a.is_premium then a.premium_excerpt else a.description end`
    : sql`a.description`;
  const marks = `StartSel="${markStart}", StopSel="${markEnd}"`;
  const [hits, facets] = await Promise.all([
    sql<Matches['hits'][number]>`
      select a.id as id,
        ts_headline('english', a.title, ${query}, ${`${marks}, HighlightAll=true`}) as title,
        ts_headline('english', ${passageText}, ${query},
          ${`${marks}, MaxFragments=1, MaxWords=32, MinWords=16, FragmentDelimiter=" … "`}) as passage
      from (
        select a.id, ts_rank('{0.1, 0.3, 0.3, 1.0}', a.search, ${query}) as rank, a.created_at
        from article a where ${match}
        order by rank desc, a.created_at desc, a.id desc
        limit ${limit} offset ${(page - 1) * limit}
      ) ranked join article a on a.id = ranked.id
      order by ranked.rank desc, ranked.created_at desc, ranked.id desc`.execute(db),
    facetCounts(db, sql`article a`, match),
  ]);
  return { hits: hits.rows, ...facets };
}
