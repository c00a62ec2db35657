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
