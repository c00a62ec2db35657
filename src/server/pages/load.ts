import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '#shared/pages';
import { readPageAssets } from './assets.js';
import type { Pages } from './serve.js';

/** The server entry's code (every file of its build) and the manifest of the files it names. */
function buildOf(entry: string, webDir: string): string {
  const ssrDir = path.dirname(entry);
  const hash = createHash('sha256');
  const files = readdirSync(ssrDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(ssrDir, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.join(webDir, '.vite', 'manifest.json')));
  return hash.digest('base64url').slice(0, 22);
}

/**
 * The built web app's server entry (`vite build --ssr` writes it to dist/ssr, beside dist/web)
 * and the files its pages name; null when the app was not built with it.
 */
export async function loadBuiltPages(webDir: string): Promise<Pages | null> {
  const entry = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry) || !existsSync(path.join(webDir, '.vite', 'manifest.json'))) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  return { renderer, assets: readPageAssets(webDir), build: buildOf(entry, webDir) };
}
