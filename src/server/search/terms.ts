/**
 * A search query as the engines' full-text syntax, written from its words alone: whatever a
 * reader types, only letters and digits reach FTS5's or PostgreSQL's query parser, so no query
 * can fail to parse or mean something else.
 *
 * A quoted part is a phrase; every other word is a term of its own; every term is required.
 * A word that punctuation splits ("covid-19") is a phrase of its parts, as the indexes split it.
 */

/** One required term: a word, or a phrase of several words in this order. */
export type Term = readonly string[];

export function searchTerms(query: string): Term[] {
  const terms: Term[] = [];
  const seen = new Set<string>();
  for (const [, quoted, bare] of query.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    const words = wordsOf(quoted ?? bare ?? '');
    const key = words.join(' ');
    if (words.length === 0 || seen.has(key)) continue;
    seen.add(key);
    terms.push(words);
  }
  return terms;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * FTS5: each term a quoted string (the porter tokenizer stems its words; several make a
 * phrase), all required. `publicOnly` looks in the title, a free article's headings and the
 * shown text only (migrations/010-site-search.ts, 020), never in a premium article's hidden text.
 */
export function ftsQuery(terms: readonly Term[], publicOnly: boolean): string {
  const all = terms.map((term) => `"${term.join(' ')}"`).join(' AND ');
  return publicOnly ? `{title headings shown} : (${all})` : all;
}

/**
 * PostgreSQL's to_tsquery: each word stemmed by the english configuration, a phrase's words
 * followed one by the next (<->), all required (&). `publicOnly` accepts a word only where it is
 * weighted A (title), B (a free article's headings) or C (the shown text), never D (a premium
 * article's hidden text).
 */
export function tsQuery(terms: readonly Term[], publicOnly: boolean): string {
  const weight = publicOnly ? ':ABC' : '';
  return terms
    .map((term) => {
      const phrase = term.map((word) => `${word}${weight}`).join(' <-> ');
      return term.length > 1 ? `(${phrase})` : phrase;
    })
    .join(' & ');
}

/** Marks the engines put around matched words: characters no article's text should hold. */
export const markStart = '\uE000';
export const markEnd = '\uE001';
