import { diffArrays, diffWords } from 'diff';
import { blockPlainText } from './plain-text.js';
import { isShown } from './rendering.js';
import type { ArticleBody, BodyBlock } from './schema.js';

/*
 * What a pending revision changes in a published body, for the editor who reviews it: its
 * blocks added, removed, moved or changed, and in a changed block the words added and removed.
 * jsdiff (the `diff` package) aligns the blocks and the words; docs/decisions/015 says why.
 */

export interface WordSegment {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** A block in both versions: where it was and is, and its words, the same ones once. */
export interface BlockEdit {
  before: BodyBlock;
  after: BodyBlock;
  from: number;
  to: number;
  words: WordSegment[];
  /** Whether its words changed (when not, only its kind, marks, links or image did). */
  textChanged: boolean;
}

/** Positions are indexes of the shown blocks (empty paragraphs, which show nothing, skipped). */
export type BlockChange =
  /** In both, unchanged, in step with the blocks around it; at `to` in the revision. */
  | { kind: 'same'; block: BodyBlock; to: number }
  | { kind: 'added'; block: BodyBlock; to: number }
  /** Only in the live version, where it was at `from`. */
  | { kind: 'removed'; block: BodyBlock; from: number }
  /** The same block, edited, in step with the blocks around it. */
  | ({ kind: 'changed' } & BlockEdit)
  /** The same block, elsewhere, and `edited` as well or not. */
  | ({ kind: 'moved'; edited: boolean } & BlockEdit);

/** The revision's blocks in its order, each with what became of it; removed ones where they were. */
export interface BodyDiff {
  blocks: BlockChange[];
  /** Whether anything differs. */
  changed: boolean;
}

/** Two blocks' words are those of one edited block when they share at least this much. */
const sameBlockSimilarity = 0.5;

/** Past this many words added and removed, a block's words are shown all removed and all
 * added: the diff's cost grows with the square of its edits. */
const maxWordEdits = 1_000;

/**
 * The diff of two bodies. First each block of the revision is matched to the block of the live
 * version it is: an equal one, else the most similar one (by words; an image by its address).
 * Then jsdiff's longest common sequence of those matches says which stayed in step: a matched
 * block out of step has moved, an unmatched one was added or removed.
 */
export function diffBodies(live: ArticleBody, revision: ArticleBody): BodyDiff {
  const before = live.content.filter(isShown);
  const after = revision.content.filter(isShown);
  const matches = matchBlocks(before, after);
  // The live block each revision block is, or a number no live block has.
  const liveIds = before.map((_, index) => index);
  const revisionIds = after.map((_, index) => matches.get(index) ?? -1 - index);
  const matched = new Set(matches.values());
  const placeOf = new Map(revisionIds.map((id, to) => [id, to]));

  const blocks: BlockChange[] = [];
  for (const change of diffArrays(liveIds, revisionIds)) {
    for (const id of change.value) {
      if (change.removed) {
        // A matched block is shown once, where the revision has it.
        if (!matched.has(id)) blocks.push({ kind: 'removed', block: before[id]!, from: id });
        continue;
      }
      const to = placeOf.get(id)!;
      if (id < 0) {
        blocks.push({ kind: 'added', block: after[to]!, to });
        continue;
      }
      const edited = blockKey(before[id]!) !== blockKey(after[to]!);
      if (change.added) blocks.push({ kind: 'moved', edited, ...blockEdit(before, after, id, to) });
      else if (edited) blocks.push({ kind: 'changed', ...blockEdit(before, after, id, to) });
      else blocks.push({ kind: 'same', block: after[to]!, to });
    }
  }
  return { blocks, changed: blocks.some((change) => change.kind !== 'same') };
}

/**
 * For each revision block (by index) the live block it is: first the equal ones, in order; then,
 * for each block left, the most similar live block left, if similar enough (the nearest of
 * equally similar ones).
 */
function matchBlocks(before: BodyBlock[], after: BodyBlock[]): Map<number, number> {
  const matches = new Map<number, number>();
  const unused = new Map<string, number[]>();
  before.forEach((block, index) => {
    const key = blockKey(block);
    unused.set(key, [...(unused.get(key) ?? []), index]);
  });
  const taken = new Set<number>();
  after.forEach((block, to) => {
    const from = unused.get(blockKey(block))?.shift();
    if (from === undefined) return;
    matches.set(to, from);
    taken.add(from);
  });
  const beforeWords = before.map(wordCounts);
  after.forEach((block, to) => {
    if (matches.has(to)) return;
    const words = wordCounts(block);
    let best: { from: number; score: number } | null = null;
    for (const [from, candidate] of before.entries()) {
      if (taken.has(from)) continue;
      const score = similarity(candidate, block, beforeWords[from]!, words);
      const nearer = best && score === best.score && Math.abs(from - to) < Math.abs(best.from - to);
      if (score >= sameBlockSimilarity && (!best || score > best.score || nearer)) {
        best = { from, score };
      }
    }
    if (!best) return;
    matches.set(to, best.from);
    taken.add(best.from);
  });
  return matches;
}

function blockEdit(before: BodyBlock[], after: BodyBlock[], from: number, to: number): BlockEdit {
  const beforeText = blockPlainText(before[from]!);
  const afterText = blockPlainText(after[to]!);
  return {
    before: before[from]!,
    after: after[to]!,
    from,
    to,
    words: wordSegments(beforeText, afterText),
    textChanged: beforeText !== afterText,
  };
}

/** The words of two texts, the same ones once and the others marked added or removed. */
export function wordSegments(before: string, after: string): WordSegment[] {
  const changes = diffWords(before, after, { maxEditLength: maxWordEdits }) ?? [
    { value: before, added: false, removed: true },
    { value: after, added: true, removed: false },
  ];
  return changes
    .filter((change) => change.value.length > 0)
    .map((change) => ({
      kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
      text: change.value,
    }));
}

/** A block's words, lower case, each with how often it comes. */
function wordCounts(block: BodyBlock): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of blockPlainText(block)
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/**
 * How much two blocks are one: images only when they show the same image (an image put in
 * another's place is one removed and one added); other blocks by the words they share (the
 * Dice coefficient of their words, 0 to 1).
 */
function similarity(
  a: BodyBlock,
  b: BodyBlock,
  aWords: Map<string, number>,
  bWords: Map<string, number>,
): number {
  if (a.type === 'image' || b.type === 'image') {
    return a.type === 'image' && b.type === 'image' && a.attrs.src === b.attrs.src ? 1 : 0;
  }
  let shared = 0;
  let total = 0;
  for (const [word, count] of aWords) {
    shared += Math.min(count, bWords.get(word) ?? 0);
    total += count;
  }
  for (const count of bWords.values()) total += count;
  return total === 0 ? 0 : (2 * shared) / total;
}

/** A block as a string that is equal for equal blocks (marks in any order). */
function blockKey(block: BodyBlock): string {
  return JSON.stringify(block, (key, value: unknown) =>
    key === 'marks' && Array.isArray(value)
      ? [...(value as { type: string }[])].sort((a, b) => a.type.localeCompare(b.type))
      : value,
  );
}
