import { firstSentences } from '#shared/excerpt';

const maxLength = 200;

/** A page description from an article's text: its first two sentences, at most 200 characters. */
export function summary(text: string): string {
  const sentences = firstSentences(text, 2);
  if (sentences.length <= maxLength) return sentences;
  const cut = sentences.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut}…`;
}
