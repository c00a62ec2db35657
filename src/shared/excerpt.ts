/**
 * The first `count` sentences of a text: cards show three, the carousel one, and readers without
 * premium access get only three of a premium article. A sentence ends with . ! or ? (and any
 * closing quote) followed by white space; a line break also ends one.
 */
export function firstSentences(text: string, count: number): string {
  return text
    .trim()
    .split(/(?<=[.!?]["'”’)]*)\s+|\s*\n+\s*/)
    .filter((s) => s.length > 0)
    .slice(0, count)
    .join(' ');
}
