import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '#shared/pages';
import { readPageAssets } from './assets.js';
import type { Pages } from './serve.js';

/**
 * The built web app's server entry (`vite build --ssr` writes it to dist/ssr, beside dist/web)
 * and the files its pages name; null when the app was not built with it.
 */
export async function loadBuiltPages(webDir: string): Promise<Pages | null> {
  const entry = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry) || !existsSync(path.join(webDir, '.vite', 'manifest.json'))) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  return { renderer, assets: readPageAssets(webDir) };
}
