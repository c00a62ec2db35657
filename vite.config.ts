import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
  type Rolldown,
} from 'vite';

// The web app lives in src/web and builds to dist/web, which the server serves. Its server
// entry (`vite build --ssr entry-server.tsx`) builds to dist/ssr, which the server imports to
// render pages; packages stay in node_modules, imported at run time.
// In development Vite proxies the API and uploads to the server started by `npm run dev`.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  // React Router's package exports only its development build, with its checks and warnings;
  // built bundles take its production build (what its own Vite plugin does), which is smaller
  // in the browser and renders a page on the server in less time. Bundled into the server
  // entry for the same reason; React itself stays external there, one copy for everything.
  // `tribune-source`: package.json's subpath imports (#shared/*) name the TypeScript sources.
  resolve: {
    conditions: ['tribune-source', ...defaultClientConditions],
    alias: [webAlias, ...(command === 'build' ? reactRouterProduction : [])],
  },
  ssr: {
    noExternal: ['react-router'],
    resolve: { conditions: ['tribune-source', ...defaultServerConditions] },
  },
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), compileHint(), precompress()],
  build: isSsrBuild
    ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: true }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: true,
        // Which chunks each page needs: the server names them in its pages, and the benchmark
        // reads it to size a page's initial JavaScript.
        manifest: true,
        rolldownOptions: { output: { codeSplitting: { groups: [firstLoad, readingKit] } } },
      },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/uploads': `http://localhost:${apiPort}`,
    },
  },
}));

/**
 * Every module the app's entry imports, however many pages share it, in one chunk: every page
 * loads all of them before it hydrates. Left to itself the bundler splits them by which lazy
 * pages also import them (React, the JSX runtime, an icon helper, ...): six files where one
 * does, and over HTTP/1.1 (six connections a host) each costs the page a round trip.
 */
const firstLoad = { name: 'app', tags: ['$initial' as const] };

/** The pages a reader lands on from a search engine or a shared link. */
const readingPage =
  /[\\/]src[\\/]web[\\/]pages[\\/](home|all-published-articles|article|search|premium-articles|not-found)[\\/]\w+Page\.tsx$/;

/**
 * Every module a reading page shares with any other page (cards, images, the pager, dates,
 * icons, the article's messages...) in one chunk beside the entry. Left to itself the bundler
 * makes a file of each set of pages sharing some modules: the article page loaded nine of them,
 * most under 1 KB, and over HTTP/1.1 each cost it a round trip before it could hydrate. A
 * module only one page imports stays in that page's chunk. The forms' libraries stay out, as
 * no reading page imports them.
 */
const readingKit = {
  name(id: string, ctx: Rolldown.ChunkingContext) {
    const pages = pagesImporting(id, ctx, new Map());
    return pages.size >= 2 && [...pages].some((page) => readingPage.test(page)) ? 'reading' : null;
  },
  debugName: 'reading',
};

/** The lazily loaded modules (the pages) whose static imports reach a module. */
function pagesImporting(
  id: string,
  ctx: Rolldown.ChunkingContext,
  memo: Map<string, Set<string>>,
): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const info = ctx.getModuleInfo(id);
  const pages = new Set<string>();
  memo.set(id, pages); // an import cycle ends here
  if (info?.dynamicImporters.length) pages.add(id);
  for (const importer of info?.importers ?? []) {
    for (const page of pagesImporting(importer, ctx, memo)) pages.add(page);
  }
  return pages;
}

/**
 * `#web/<path>`: a module of the web app from anywhere in it (tsconfig.json's `paths` says the
 * same to TypeScript). An alias rather than a subpath import, because the web's files are .ts
 * and .tsx and are imported without their extension.
 */
export const webAlias = { find: /^#web\//, replacement: `${path.resolve('src/web')}/` };

const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

/**
 * Chromium's compile hint (V8's `allFunctionsCalledOnLoad`) as the entry's first line. Most of
 * what the entry holds (React DOM, the router, the query cache, the shell) runs while a page
 * hydrates; with the hint V8 compiles its functions on a background thread while the file
 * streams in, instead of each on the main thread when first called, inside the entry's
 * evaluation, the longest task of every page's load (docs/PERFORMANCE.md, item 26). Other
 * browsers read a comment. Written into the files, as Vite puts its preload map above any
 * banner, and the hint below that line did nothing measurable; the source map moves down a
 * line with the code. Before the compressed copies are made.
 */
function compileHint(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'tribune:compile-hint',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      sequential: true,
      handler(options, bundle) {
        const dir = options.dir ?? '';
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          const file = path.join(dir, chunk.fileName);
          writeFileSync(file, hint + readFileSync(file, 'utf8'));
          const mapFile = `${file}.map`;
          const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
          map.mappings = `;${map.mappings}`;
          writeFileSync(mapFile, JSON.stringify(map));
        }
      },
    },
  };
}

const compressible = /\.(js|css|html|svg|json)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every script, stylesheet and page of the build,
 * at the strongest settings, once. The server sends those copies to browsers that accept them
 * (@fastify/static's preCompressed) instead of compressing the same bytes again for every
 * request, which at 200 KB of JavaScript costs milliseconds of CPU each time.
 */
function precompress(): Plugin {
  return {
    name: 'tribune:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
