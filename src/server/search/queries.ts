import type { SearchAnswer } from '#shared/api/search';
import { readLifetimesMs, type KeptReads } from '#server/cache/kept-reads';
import { selectArticles } from '#server/articles/queries/select';
import { toArticleJson } from '#server/articles/to-json';
import type { DatabaseHandle, Db } from '#server/db/database';
import {
  facetSizes,
  findMatches,
  type Matches,
  type SearchFilters,
  type SearchPage,
} from './matches.js';
import { piecesOf } from './pieces.js';
import { postgresMatches } from './postgres-matches.js';
import { sqliteMatches } from './sqlite-matches.js';
import type { Term } from './terms.js';
import type { WorkGate } from './work-gate.js';

export interface SearchAudience {
  /**
   * The caller may not read premium text (a guest or a free reader): premium articles are found
   * by their title and public excerpt only, and their passages come from that excerpt.
   */
  publicOnly: boolean;
}

/**
 * One page of a site search, ranked, with the total and the facets of the matches ranked
 * (matches.ts: all of them, or the newest when there are very many). An answer
 * depends only on the query and on whether the caller may read premium text, so, like a public
 * list, it is kept for a while and dropped at once on any write (cache/kept-reads.ts): a
 * popular search is read a few times a minute, not for every reader. Only the searches read
 * from the database pass `gate` (search/gate.ts), which refuses them past what the engine can
 * answer in time; a kept answer costs nothing and is never refused.
 */
export function searchArticles(
  database: DatabaseHandle,
  terms: readonly Term[],
  filters: SearchFilters,
  page: SearchPage,
  { publicOnly }: SearchAudience,
  { keep, gate }: { keep: KeptReads; gate: WorkGate },
): Promise<SearchAnswer> {
  const key = `search:${JSON.stringify([terms, filters, page, publicOnly])}`;
  return keep.read(key, readLifetimesMs.page, () =>
    gate.run(async () => {
      const { db, readThreads } = database;
      const engine = readThreads ? sqliteMatches(readThreads) : postgresMatches;
      return answerOf(db, await findMatches(engine, db, terms, filters, page, publicOnly));
    }),
  );
}

/** The hits as articles (as lists carry them: excerpts only), in the engine's order. */
async function answerOf(db: Db, matches: Matches): Promise<SearchAnswer> {
  const ids = matches.hits.map((hit) => hit.id);
  const rows = ids.length
    ? await selectArticles(db, 'excerpt').where('article.id', 'in', ids).execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, toArticleJson(row)]));
  const results = matches.hits.flatMap((hit) => {
    const article = byId.get(hit.id);
    // An article deleted between the two reads is left out.
    return article ? [{ article, title: piecesOf(hit.title), passage: piecesOf(hit.passage) }] : [];
  });
  return {
    results,
    total: matches.total,
    more: matches.more,
    facets: {
      publishers: matches.publishers.slice(0, facetSizes.publishers),
      tags: matches.tags.slice(0, facetSizes.tags),
    },
  };
}
