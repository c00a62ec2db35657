import '../../src/web/styles.css';
import type { JSONContent } from '@tiptap/core';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyArticleEditor } from '../../src/web/components/article-editor/LazyArticleEditor';
import { longDocument } from './longDocument';

/**
 * The typing benchmark's page (bench/editor-typing.ts), outside the product: the editor as a
 * write page will hold it, loaded through the same lazy chunk, its document handed back to it
 * on every change as a form's state would.
 */
function Bench() {
  const [body, setBody] = useState<JSONContent | null>(() => longDocument(5000));
  return (
    <main className="page-wrap max-w-3xl py-8">
      <LazyArticleEditor
        value={body}
        onChange={setBody}
        draftKey="bench"
        uploadImage={() => Promise.reject(new Error('No uploads in the benchmark'))}
      />
    </main>
  );
}

localStorage.clear();
createRoot(document.getElementById('root')!).render(<Bench />);
