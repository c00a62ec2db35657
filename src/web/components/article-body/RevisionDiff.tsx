import { clsx } from 'clsx';
import { useMemo } from 'react';
import {
  diffBodies,
  type BlockChange,
  type BodyDiff,
  type WordSegment,
} from '#shared/article-body/diff';
import { blockPlainText } from '#shared/article-body/plain-text';
import type { BodyRenderOptions } from '#shared/article-body/rendering';
import type { ArticleBody, BodyBlock } from '#shared/article-body/schema';
import { ArticleBodyView } from './ArticleBodyView';

interface Props extends BodyRenderOptions {
  live: ArticleBody;
  revision: ArticleBody;
  /** diffBodies(live, revision), when the caller has made it already. */
  diff?: BodyDiff;
}

/**
 * What an edit changes in a published body, beside the body as readers see it now: each block
 * of the edit in its order, those added, removed, moved or changed named in words (never by
 * colour alone), and in a changed block the words added (`<ins>`) and removed (`<del>`), which
 * a screen reader announces as such.
 */
export function RevisionDiff({ live, revision, diff: given, ...options }: Props) {
  const diff = useMemo(() => given ?? diffBodies(live, revision), [given, live, revision]);
  return (
    // Groups, not regions: an editors' queue shows a diff for each edit, and landmarks of the
    // same name would be no way to find one's way.
    <div className="grid gap-6 lg:grid-cols-2">
      <div role="group" aria-label="Published text">
        <p className={columnLabel}>Published</p>
        <ArticleBodyView body={live} anchors={false} {...options} />
      </div>
      <div role="group" aria-label="Edit, with its changes marked">
        <p className={columnLabel}>Edit</p>
        <p className="mb-3 text-sm text-ink-muted">{summary(diff.blocks)}</p>
        <ol className="space-y-3">
          {diff.blocks.map((change, index) => (
            <li key={index} className={clsx('rounded-sm border p-3', frame[change.kind])}>
              {change.kind !== 'same' && (
                <p className="mb-1 text-xs font-semibold tracking-wide text-ink uppercase">
                  {changeLabel(change)}
                </p>
              )}
              <ChangeText change={change} />
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

const columnLabel = 'mb-3 text-xs font-semibold tracking-widest text-ink-muted uppercase';

/** The frame of each kind of block: a style of line as well as a colour. */
const frame: Record<BlockChange['kind'], string> = {
  same: 'border-transparent text-ink-muted',
  added: 'border-l-4 border-emerald-700 bg-emerald-50',
  removed: 'border-l-4 border-dashed border-red-800 bg-red-50',
  moved: 'border-l-4 border-double border-sky-800 bg-sky-50',
  changed: 'border-l-4 border-amber-700 bg-amber-50',
};

function ChangeText({ change }: { change: BlockChange }) {
  switch (change.kind) {
    case 'same':
      return <p className={blockTextClass}>{blockText(change.block)}</p>;
    case 'added':
    case 'removed':
      return (
        <p className={blockTextClass}>
          <Segment segment={{ kind: change.kind, text: blockText(change.block) }} />
        </p>
      );
    case 'changed':
    case 'moved':
      return (
        <p className={blockTextClass}>
          {change.textChanged
            ? change.words.map((segment, index) => <Segment key={index} segment={segment} />)
            : blockText(change.after)}
        </p>
      );
  }
}

/** A list's items stay on their own lines. */
const blockTextClass = 'font-serif whitespace-pre-line';

/** Words added or removed, marked for the eye (underline, strike-through) and for screen
 * readers (the words "added" and "removed", which they do not all say of ins and del). */
function Segment({ segment }: { segment: WordSegment }) {
  if (segment.kind === 'same') return segment.text;
  const Mark = segment.kind === 'added' ? 'ins' : 'del';
  return (
    <Mark
      className={clsx(
        'decoration-2',
        segment.kind === 'added'
          ? 'bg-emerald-100 text-emerald-950 underline'
          : 'bg-red-100 text-red-950 line-through',
      )}
    >
      <span className="sr-only">[{segment.kind}: </span>
      {segment.text}
      <span className="sr-only">]</span>
    </Mark>
  );
}

const blockNames: Record<BodyBlock['type'], string> = {
  paragraph: 'paragraph',
  heading: 'heading',
  blockquote: 'quote',
  bulletList: 'list',
  orderedList: 'numbered list',
  image: 'image',
  horizontalRule: 'rule',
};

/** What a block shows as text in the diff: its plain text, or what stands for an image or rule. */
function blockText(block: BodyBlock): string {
  if (block.type === 'image') {
    const { alt, caption } = block.attrs;
    return [`Image: ${alt || block.attrs.src}`, caption].filter(Boolean).join('\n');
  }
  if (block.type === 'horizontalRule') return '———';
  return blockPlainText(block);
}

/** The visible label of a change: what happened to which kind of block. */
function changeLabel(change: Exclude<BlockChange, { kind: 'same' }>): string {
  switch (change.kind) {
    case 'added':
      return `Added ${blockNames[change.block.type]}`;
    case 'removed':
      return `Removed ${blockNames[change.block.type]}`;
    case 'moved': {
      const place = `was block ${change.from + 1}, now block ${change.to + 1}`;
      const name = blockNames[change.after.type];
      return `${change.edited ? 'Moved and changed' : 'Moved'} ${name}: ${place}`;
    }
    case 'changed': {
      const name = blockNames[change.after.type];
      const was = blockNames[change.before.type];
      if (was !== name) return `Changed ${was} to ${name}`;
      if (change.textChanged) return `Changed ${name}`;
      return name === 'image' ? 'Changed image details' : `Changed formatting of ${name}`;
    }
  }
}

function summary(blocks: BlockChange[]): string {
  const counts = { changed: 0, added: 0, removed: 0, moved: 0 };
  for (const change of blocks) if (change.kind !== 'same') counts[change.kind]++;
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${count === 1 ? 'block' : 'blocks'} ${kind}`);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'The text is unchanged.';
}
