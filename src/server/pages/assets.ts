import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageAssets } from '#shared/pages';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The built app's files a page names, from Vite's manifest (dist/web/.vite/manifest.json): the
 * entry module and its stylesheet, the chunks the entry imports (preloaded with it), and for
 * each lazily loaded page the chunks it adds, so a page's own code is fetched with the app's.
 */
export function readPageAssets(webDir: string): PageAssets {
  const manifest = JSON.parse(
    readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The web build has no entry in its manifest');

  const url = (file: string) => `/${file}`;
  /** The chunk's own file and every chunk it imports, depth first. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const entryChunks = closure(entryKey);
  const fileOf = (key: string) => manifest[key]!.file;

  const routeModules: Record<string, string[]> = {};
  for (const key of Object.keys(manifest)) {
    if (entryChunks.has(key) || key.startsWith('_')) continue;
    routeModules[key] = [...closure(key)]
      .filter((chunk) => !entryChunks.has(chunk))
      .map((chunk) => url(fileOf(chunk)));
  }
  return {
    script: url(fileOf(entryKey)),
    styles: [...entryChunks].flatMap((key) => manifest[key]?.css ?? []).map(url),
    preloads: [...entryChunks].filter((key) => key !== entryKey).map((key) => url(fileOf(key))),
    routeModules,
  };
}
