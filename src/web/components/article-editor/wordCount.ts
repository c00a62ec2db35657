/** Words a minute for the reading time, the usual figure for reading news on a screen. */
export const wordsPerMinute = 230;

/**
 * The words in a text as word processors count them: what stands between spaces, when it holds
 * a letter or a digit ("9:30" and "well-known" are one word each, a dash alone is none).
 */
export function countWords(text: string): number {
  let words = 0;
  for (const part of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(part)) words += 1;
  return words;
}

/** Minutes to read that many words, rounded up; at least 1 once there is a word. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.ceil(words / wordsPerMinute));
}
