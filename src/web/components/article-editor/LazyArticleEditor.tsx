import { lazy, Suspense } from 'react';
import type { ArticleEditorProps } from './ArticleEditor';

/**
 * The editor's code (Tiptap and ProseMirror, about 120 KB gzip) is its own chunk, fetched when a
 * write page first shows the editor: no other page imports it, so no public page loads it.
 */
const ArticleEditor = lazy(() => import('./ArticleEditor'));

/** ArticleEditor, loaded on first use; a blank frame of its size holds its place meanwhile. */
export function LazyArticleEditor(props: ArticleEditorProps) {
  return (
    <Suspense
      fallback={
        <div>
          <span className="mb-1.5 block text-sm font-semibold text-ink">
            {props.label ?? 'Description'}
          </span>
          <div
            aria-hidden
            className="h-[19.5rem] rounded-sm border border-ink/40 bg-surface motion-safe:animate-pulse"
          />
        </div>
      }
    >
      <ArticleEditor {...props} />
    </Suspense>
  );
}
