import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The public pages whose first load is held to the JavaScript budget, and their route chunks. */
export const publicPages = [
  { page: '/', source: 'pages/home/HomePage.tsx' },
  {
    page: '/allpublishedarticles',
    source: 'pages/all-published-articles/AllPublishedArticlesPage.tsx',
  },
  { page: '/articles/:id', source: 'pages/article/ArticlePage.tsx' },
] as const;

export interface PageScript {
  page: string;
  files: string[];
  gzipBytes: number;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The JavaScript a guest's browser loads for each public page, from the built app: the scripts
 * and module preloads index.html names, plus the page's lazy route chunk and everything it
 * imports statically (Vite's manifest lists those). Sizes are gzip at level 9: the .gz copies
 * the build writes and the server sends.
 */
export function initialScripts(webDir: string): PageScript[] {
  const manifest = JSON.parse(
    readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => match[1]!);

  return publicPages.map(({ page, source }) => {
    const files = new Set(fromHtml);
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    const list = [...files];
    const gzipBytes = list.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length,
      0,
    );
    return { page, files: list, gzipBytes };
  });
}

/** The app's entry script, as index.html names it (e.g. /assets/index-abc123.js). */
export function mainScript(webDir: string): string {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return src;
}

/** The article editor's chunk and the write page that loads it, as the manifest names them. */
const editorSource = 'components/article-editor/ArticleEditor.tsx';
const writePageSource = 'pages/add-article/AddArticlePage.tsx';

/**
 * What the write pages fetch for the editor alone (decision 016): its lazy chunk and what it
 * imports that nothing else of the page loads (the app's entry and the page's own chunks, React
 * and the form's rules; the dialogs' library, which the page's confirmation loads too); and
 * whether any public page's first load holds the editor (it must not).
 */
export function editorScript(
  webDir: string,
  pages: PageScript[],
): PageScript & { onPublicPage: boolean } {
  const manifest = JSON.parse(
    readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  /** The files `source` loads, with what it loads later (`lazy`) but the editor's own. */
  const closure = (source: string, lazy = false) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
      if (files.has(chunk.file) || (lazy && key === editorSource)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
      // The entry's lazy imports are the other pages (not this page's) and the shared parts
      // every page loads on first use: the dialogs (the page's confirmation), the toasts.
      const later = (chunk.dynamicImports ?? []).filter(
        (imported) => key !== 'index.html' || imported.startsWith('components/'),
      );
      if (lazy) for (const imported of later) visit(imported);
    };
    visit(source);
    return files;
  };
  const own = manifest[editorSource]?.file;
  const loaded = new Set([
    ...pages.flatMap((page) => page.files),
    ...closure(writePageSource, true),
  ]);
  const list = [...closure(editorSource)].filter((file) => file === own || !loaded.has(file));
  const gzipBytes = list.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length,
    0,
  );
  return {
    page: 'the article editor (write pages, on first use)',
    files: list,
    gzipBytes,
    onPublicPage: pages.some((page) => own !== undefined && page.files.includes(own)),
  };
}
