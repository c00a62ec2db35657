import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { RenderedPage } from '#shared/pages';
import { readArticle } from '#server/articles/queries/detail';
import { toBool } from '#server/db/values';
import { AppError } from '#server/errors';
import { authorTag, publisherTag } from './cache-headers.js';
import type { GuestRender } from './guest-pages.js';
import type { StoredPages } from './stored-pages.js';

/**
 * What a stored page is good for: this build's server entry and files, the site's public
 * address, which its links and tags name, and the reading meter's allowances, which a premium
 * article's prompt names (`meter`). A page stored by any other is rendered again.
 */
export function storedPageBuild(build: string, publicUrl: string, meter: string): string {
  return createHash('sha256')
    .update(`${build}\n${publicUrl}\n${meter}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * A guest's page of an article, rendered and, when the article is published, stored for every
 * server process (stored-pages.ts). The claim comes before the render reads the article, so a
 * write during the render leaves nothing stored. Storing is a saving, never a condition: a
 * database that refuses it still gets the reader their page. A complete page comes with what
 * its caching headers name (cache-headers.ts), read once here for every reader it is kept for.
 * A premium article's open page (`renderOpen`, given while guests are metered: open-pages.ts)
 * is rendered, kept and stored with it, under the same claim.
 */
export async function storingRender(
  app: FastifyInstance,
  stored: StoredPages,
  articleId: number,
  render: () => Promise<RenderedPage>,
  renderOpen?: () => Promise<Buffer | null>,
): Promise<GuestRender> {
  const claim = await stored.claim(articleId).catch((err: unknown) => {
    app.log.warn({ err, articleId }, 'the page could not be claimed for storing');
    return null;
  });
  const page = await render();
  if (page.status !== 200 || page.location) return page;
  const article = await app.database.db
    .selectFrom('article')
    .select(['isPremium', 'publisherId', 'authorId'])
    .where('id', '=', articleId)
    .executeTakeFirst();
  const facts = article && {
    premium: toBool(article.isPremium),
    publisherId: article.publisherId,
    tags: [publisherTag(article.publisherId), authorTag(article.authorId)],
  };
  const open = (facts?.premium && (await renderOpen?.())) || undefined;
  if (!claim) return { ...page, ...facts, open };
  const gzip = gzipSync(page.html);
  const detail = await guestDetail(app, articleId);
  await stored
    .fill(claim, gzip, detail === null ? null : gzipSync(detail), open)
    .catch((err: unknown) => {
      app.log.warn({ err, articleId }, 'the page could not be stored');
    });
  return { ...page, ...facts, gzip, open };
}

/**
 * The article's detail as every guest gets it (`GET /api/articledetail/:id`, the JSON its route
 * sends a guest), stored beside its page; null for an article a guest may not read whole.
 */
async function guestDetail(app: FastifyInstance, articleId: number): Promise<string | null> {
  try {
    return JSON.stringify(await readArticle(app.database.db, articleId, null));
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
