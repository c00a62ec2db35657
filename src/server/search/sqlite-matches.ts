import { sql } from 'kysely';
import type { MarkedText, SearchEngine } from './matches.js';
import { filterConditions, rankedPageOf, rankedStatement } from './matches.js';
import type { SqliteReadThreads } from '#server/db/sqlite-read-threads';
import { ftsQuery, markEnd, markStart } from './terms.js';

/**
 * SQLite: the FTS5 table article_search (migrations/010-site-search.ts, 020) finds the matches,
 * walking its index from the newest article back and stopping at the count asked for, and
 * scores each by bm25, a title's words weighing most, then a free article's headings', then the
 * text's. highlight() marks the
 * title, snippet() picks the passage of about 32 words that holds the most matches: from the
 * whole text (hidden) for a premium article the caller may read, else from the shown text, which
 * for a premium article is its public excerpt. Both reads run on the read threads
 * (db/sqlite-read-threads.ts): a search's 10 ms would otherwise hold up every other request.
 */
export const sqliteMatches = (threads: SqliteReadThreads): SearchEngine => ({
  async ranked(db, terms, filters, publicOnly, slice) {
    // Each match is looked up in article_title_match_idx (migration 004), which holds every
    // column the filters read: the article's own row, its whole text first, stays unread.
    const found = sql`
      select article_search.rowid as id,
        -bm25(article_search, 10.0, 8.0, 3.0, 3.0) as score,
        a.created_at as created_at,
        a.publisher_id as publisher_id
      from article_search
        join article a indexed by article_title_match_idx on a.id = article_search.rowid
      where article_search match ${ftsQuery(terms, publicOnly)} and ${filterConditions(filters)}
      order by article_search.rowid desc
      limit ${slice.window + 1}`;
    const [row] = await threads.all(
      rankedStatement(found, slice, { array: 'json_array', agg: 'json_group_array' }).compile(db),
    );
    return rankedPageOf(row!, slice.window);
  },

  async marked(db, terms, ids, publicOnly) {
    const passageColumn = publicOnly
      ? sql`2`
      : sql`case when (select a.is_premium from article a where a.id = article_search.rowid) then 3 else 2 end`;
    return threads.all(
      sql<MarkedText>`
      select article_search.rowid as id,
        highlight(article_search, 0, ${markStart}, ${markEnd}) as title,
        snippet(article_search, ${passageColumn}, ${markStart}, ${markEnd}, '…', 32) as passage
      from article_search
      where article_search match ${ftsQuery(terms, publicOnly)}
        and article_search.rowid in (${sql.join(ids)})`.compile(db),
    );
  },
});
