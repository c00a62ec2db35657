import type { Editor } from '@tiptap/core';
import type { Node } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { memo, useEffect, useState } from 'react';
import { countWords, readingMinutes } from './wordCount';

/** How long typing may pause before the count is taken again. */
const countDelay = 300;

function wordsIn(doc: Node): number {
  return countWords(doc.textBetween(0, doc.content.size, ' ', ' '));
}

/**
 * "1,234 words · 6 min read" under the editor. Counted again once typing pauses, not on every
 * keystroke: in a long article, reading its whole text each time is the largest share of the
 * script a keystroke runs (bench/editor-typing.ts).
 */
export const WordCount = memo(function WordCount({ editor }: { editor: Editor }) {
  const [words, setWords] = useState(() => wordsIn(editor.state.doc));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Every change of the document, the writer's or the page's (a reset emits no update).
    const recount = ({ transaction }: { transaction: Transaction }) => {
      if (!transaction.docChanged) return;
      clearTimeout(timer);
      timer = setTimeout(() => setWords(wordsIn(editor.state.doc)), countDelay);
    };
    editor.on('transaction', recount);
    return () => {
      clearTimeout(timer);
      editor.off('transaction', recount);
    };
  }, [editor]);
  const minutes = readingMinutes(words);
  return (
    <p className="text-xs text-ink-muted tabular-nums">
      {words.toLocaleString('en')} {words === 1 ? 'word' : 'words'}
      {minutes > 0 && ` · ${minutes} min read`}
    </p>
  );
});
