import { freePart } from './article-body/free-part.js';
import { headingsText } from './article-body/headings.js';
import { bodyPlainText } from './article-body/plain-text.js';
import type { ArticleBody } from './article-body/schema.js';

/**
 * The sentences of a text. A sentence ends with . ! or ? (and any closing quote) followed by
 * white space; a line break also ends one.
 */
function sentencesOf(text: string): string[] {
  return text
    .trim()
    .split(/(?<=[.!?]["'”’)]*)\s+|\s*\n+\s*/)
    .filter((s) => s.length > 0);
}

/** The first `count` sentences of a text: cards show three, the carousel one. */
export function firstSentences(text: string, count: number): string {
  return sentencesOf(text).slice(0, count).join(' ');
}

/**
 * How much of a premium article its public excerpt may show: at most a third of its sentences
 * (rounded down) and never more than three, in at most `maxChars` characters. An article too
 * short for a whole sentence (one or two of them, or no sentence end at all) shows at most a
 * third of its characters, cut at a word.
 */
export const premiumExcerptLimits = { maxSentences: 3, maxChars: 300 } as const;

/**
 * A premium article's excerpt as lists showed it before bodies were documents (migration 006
 * still makes it): never its whole text, however short or
 * however it is punctuated (cut at a word, and then marked with "…"). It may be empty, when
 * the text has no word boundary early enough.
 */
export function premiumExcerpt(text: string): string {
  const sentences = sentencesOf(text);
  const count = Math.min(premiumExcerptLimits.maxSentences, Math.floor(sentences.length / 3));
  if (count > 0) {
    return cutAtWord(sentences.slice(0, count).join(' '), premiumExcerptLimits.maxChars);
  }
  const whole = sentences.join(' ');
  // The cut always happens here: the limit is below the text's own length.
  return cutAtWord(whole, Math.min(premiumExcerptLimits.maxChars, Math.floor(whole.length / 3)));
}

/**
 * `text` when it fits in `limit` characters; else its longest run of whole words that does,
 * without trailing punctuation, followed by "…" (empty when not even the first word fits).
 */
function cutAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = -1;
  for (let i = Math.min(limit, text.length - 1); i > 0; i--) {
    if (/\s/.test(text[i]!)) {
      end = i;
      break;
    }
  }
  const kept = end > 0 ? text.slice(0, end).replace(/[\s.!?,;:–—-]+$/u, '') : '';
  return kept ? `${kept}…` : '';
}

/**
 * The text columns an article (or an author's pending edit of it) stores beside its body: the
 * document as JSON, its plain text (`description`, which the API answers and search indexes),
 * its headings' text (which search weighs above the rest), and what lists show of it while it is free (the first three sentences, spec) and once it is
 * premium: the beginning of its free part (article-body/free-part.ts), which never holds its
 * whole text and never goes past what a reader who may not read it may see. Both excerpts are
 * kept, so making an article premium changes a flag and not its text.
 */
export function articleTextColumns(body: ArticleBody) {
  const description = bodyPlainText(body);
  const free = bodyPlainText(freePart(body).body).replace(/\s+/g, ' ');
  return {
    body: JSON.stringify(body),
    description,
    headings: headingsText(body),
    excerpt: firstSentences(description, 3),
    premiumExcerpt: cutAtWord(free, premiumExcerptLimits.maxChars),
  };
}
