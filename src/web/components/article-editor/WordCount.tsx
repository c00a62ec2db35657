import type { Editor } from '@tiptap/core';
import type { Node } from '@tiptap/pm/model';
import { useEditorState } from '@tiptap/react';
import { countWords, readingMinutes } from './wordCount';

/** Counted once a document: a selection that moves leaves the document, and its count, alone. */
const counted = new WeakMap<Node, number>();

function wordsIn(doc: Node): number {
  let words = counted.get(doc);
  if (words === undefined) {
    words = countWords(doc.textBetween(0, doc.content.size, ' ', ' '));
    counted.set(doc, words);
  }
  return words;
}

/** "1,234 words · 6 min read" under the editor. */
export function WordCount({ editor }: { editor: Editor }) {
  const words = useEditorState({ editor, selector: ({ editor }) => wordsIn(editor.state.doc) });
  const minutes = readingMinutes(words);
  return (
    <p className="text-xs text-ink-muted tabular-nums">
      {words.toLocaleString('en')} {words === 1 ? 'word' : 'words'}
      {minutes > 0 && ` · ${minutes} min read`}
    </p>
  );
}
