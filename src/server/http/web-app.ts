import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors';
import type { PageAnswerer } from '#server/pages/serve';

const yearInSeconds = 31536000;

/**
 * Serves the built web app and uploaded images. Hashed assets are cached for a year. Every other
 * page is rendered on the server (pages/serve.ts); should that fail, index.html lets the browser
 * draw it instead. Unknown /api paths answer a JSON 404.
 */
export async function installWebApp(
  app: FastifyInstance,
  options: { webDir?: string; uploadsDir: string; pages: PageAnswerer | null },
): Promise<void> {
  mkdirSync(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Upload names are content hashes: the bytes behind a name never change.
    immutable: true,
    maxAge: yearInSeconds * 1000,
    // Other sites may show our images (helmet's default lets only our own pages load them).
    setHeaders(reply) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const webDir = options.webDir;
  const hasWebApp = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's entry, which draws every page in the browser, is the fallback below, not
      // a page: served at its own address it is a copy of home with nothing in it.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz copies (scripts/precompress.ts); compressing on the fly
      // would cost milliseconds per request for the larger scripts.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          hashed ? `public, max-age=${yearInSeconds}, immutable` : 'no-cache',
        );
      },
    });
  }

  const answerPage = options.pages?.answer;
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isFile = request.url.startsWith('/uploads/') || request.url.startsWith('/assets/');
    if (isPage && !isApi && !isFile) {
      if (answerPage) {
        try {
          return await answerPage(request, reply);
        } catch (err) {
          if (!hasWebApp) throw err;
          request.log.error({ err }, 'the page could not be rendered; the browser will draw it');
          return reply
            .status(500)
            .header('cache-control', 'no-store')
            .sendFile('index.html', webDir);
        }
      }
      if (hasWebApp)
        return reply.header('cache-control', 'no-cache').sendFile('index.html', webDir);
    }
    throw new AppError('not_found', `Nothing here: ${request.method} ${request.url.split('?')[0]}`);
  });
}
