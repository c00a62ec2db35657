import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderBodyHtml } from '#shared/article-body/html';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error';
import { siteName } from '#shared/site';
import { rssPath } from '#shared/paths';
import { listArticles } from '#server/articles/queries/list';
import { readLifetimesMs } from '#server/cache/kept-reads';
import { articleListQuery } from '#shared/api/article-list';
import { AppError } from '#server/errors';
import {
  articleSitemap,
  newsSitemap,
  pagesSitemap,
  robotsTxt,
  rssFeed,
  sitemapIndex,
} from './documents.js';
import {
  articlesPerSitemap,
  feedTexts,
  recentArticles,
  sitemapArticles,
  sitemapParts,
} from './queries.js';

export interface FeedOptions {
  publicUrl: string;
  /** Articles per sitemap; tests make it small to see several. */
  articlesPerSitemap?: number;
}

const feedQuery = articleListQuery.pick({ publisher: true, tags: true });
/** How long browsers, crawlers and caches between may keep each document. */
const maxAge = { robots: 86_400, sitemap: 3_600, news: 300, rss: 300 } as const;
const newsWindowMs = 2 * 24 * 60 * 60 * 1000;
const newsLimit = 1_000;
const rssLength = 50;

/**
 * robots.txt, the sitemaps and the RSS feed, read from the database. Each document is made once
 * and kept like the public lists (cache/kept-reads.ts): every article write invalidates it.
 */
export const feedRoutes: FastifyPluginAsyncZod<FeedOptions> = async (app, options) => {
  const db = app.database.db;
  const { publicUrl } = options;
  const perSitemap = options.articlesPerSitemap ?? articlesPerSitemap;
  const kept = (key: string, lifetimeMs: number, make: () => Promise<string>) =>
    app.publicReads.read(`feed:${key}`, lifetimeMs, make);
  const schema = (summary: string) => ({ tags: ['feeds'], summary });
  const document = z.string().describe('The document (XML, or text for robots.txt)');
  /** Sends a document as `type`, for browsers and caches to keep `seconds`. */
  const send = (reply: FastifyReply, type: string, seconds: number, body: string) => {
    reply.type(`${type}; charset=utf-8`).header('cache-control', `public, max-age=${seconds}`);
    return body;
  };

  app.get('/robots.txt', { schema: schema('Tells crawlers what to read') }, (_request, reply) => {
    return send(reply, 'text/plain', maxAge.robots, robotsTxt(publicUrl));
  });

  app.get(
    '/sitemap.xml',
    { schema: schema('A sitemap index: the public pages, then the articles in parts') },
    async (_request, reply) => {
      const body = await kept('sitemap', readLifetimesMs.total, async () =>
        sitemapIndex(publicUrl, await sitemapParts(db, perSitemap)),
      );
      return send(reply, 'application/xml', maxAge.sitemap, body);
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        ...schema('One part of the sitemap: pages.xml, or articles-N.xml'),
        params: z.object({ file: z.string() }),
        response: { 200: document, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const part = /^articles-([1-9]\d{0,6})\.xml$/.exec(file)?.[1];
      let body: string;
      if (file === 'pages.xml') body = pagesSitemap(publicUrl);
      else if (part === undefined) throw new AppError('not_found', 'There is no such sitemap');
      else {
        body = await kept(`sitemap:${part}`, readLifetimesMs.total, async () => {
          const articles = await sitemapArticles(db, Number(part), perSitemap);
          return articles.length ? articleSitemap(publicUrl, articles) : '';
        });
        if (!body) throw new AppError('not_found', 'There is no such sitemap');
      }
      return send(reply, 'application/xml', maxAge.sitemap, body);
    },
  );

  app.get(
    '/news-sitemap.xml',
    { schema: schema('Google News sitemap: approved articles of the last two days') },
    async (_request, reply) => {
      const body = await kept('news', readLifetimesMs.page, async () => {
        const since = new Date(app.clock().getTime() - newsWindowMs).toISOString();
        return newsSitemap(publicUrl, await recentArticles(db, since, newsLimit), 'en');
      });
      return send(reply, 'application/xml', maxAge.news, body);
    },
  );

  app.get(
    rssPath,
    {
      schema: {
        ...schema('RSS 2.0: the latest 50 approved articles, by publisher or tags if asked'),
        querystring: feedQuery,
        response: { 200: document, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { publisher, tags } = request.query;
      const body = await kept(
        `rss:${JSON.stringify([publisher, tags])}`,
        readLifetimesMs.page,
        async () => {
          const { articles } = await listArticles(
            db,
            app.database.dialect,
            { isApproved: true, publisher, tags },
            { sortBy: 'createdAt', limit: rssLength, page: 1 },
          );
          // Lists carry excerpts; free articles go out whole, premium ones as their free part.
          const texts = await feedTexts(
            db,
            articles.map((article) => Number(article._id)),
          );
          const items = articles.map((article) => {
            const text = texts.get(Number(article._id));
            return {
              article,
              text: text?.text ?? article.description,
              html:
                text &&
                renderBodyHtml(text.body, {
                  authorIsAdmin: text.authorIsAdmin,
                  baseUrl: publicUrl,
                }),
            };
          });
          return rssFeed(publicUrl, feedTitle(request.url, publisher, tags), items, app.clock());
        },
      );
      return send(reply, 'application/rss+xml', maxAge.rss, body);
    },
  );
};

function feedTitle(url: string, publisher?: string, tags?: string[]) {
  const topics = [publisher, tags?.join(', ')].filter(Boolean).join(': ');
  return {
    title: topics ? `${siteName}: ${topics}` : siteName,
    path: url,
    description: topics
      ? `The latest articles in ${siteName}: ${topics}`
      : `The latest articles in ${siteName}`,
  };
}
