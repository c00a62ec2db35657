import type { Article } from '#shared/articles';
import { siteName } from '#shared/site';
import { paths, routePatterns } from '#shared/paths';
import { absoluteUrl, element, htmlTextElement, xmlText } from './xml.js';

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The pages anyone may read besides articles, with how often they change. */
const publicPages = [
  { path: paths.home, changefreq: 'hourly' },
  { path: paths.allArticles, changefreq: 'hourly' },
] as const;

/**
 * Areas crawlers have no business in: the API, signed-in pages and the admin's. Public pages
 * arrive rendered from the server, so nothing a crawler needs is behind these.
 */
const privatePaths = [
  '/api/',
  paths.admin.root,
  paths.addArticle,
  routePatterns.updateArticle,
  paths.myArticles,
  paths.premiumArticles,
  paths.myProfile,
  paths.subscription,
  paths.payment,
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export const articlePath = (id: number | string) => paths.article(String(id));
export const articleSitemapPath = (part: number) => `/sitemaps/articles-${part}.xml`;
export const pagesSitemapPath = '/sitemaps/pages.xml';

export function sitemapIndex(
  publicUrl: string,
  parts: { number: number; lastModified: string }[],
): string {
  const entries = [
    `<sitemap>${element('loc', publicUrl + pagesSitemapPath)}</sitemap>`,
    ...parts.map(
      (part) =>
        `<sitemap>${element('loc', publicUrl + articleSitemapPath(part.number))}` +
        `${element('lastmod', part.lastModified)}</sitemap>`,
    ),
  ];
  return `${xmlHead}<sitemapindex xmlns="${sitemapNs}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function pagesSitemap(publicUrl: string): string {
  const entries = publicPages.map(
    (page) =>
      `<url>${element('loc', publicUrl + page.path)}${element('changefreq', page.changefreq)}</url>`,
  );
  return `${xmlHead}<urlset xmlns="${sitemapNs}">\n${entries.join('\n')}\n</urlset>\n`;
}

export function articleSitemap(
  publicUrl: string,
  articles: { id: number; lastModified: string }[],
): string {
  const entries = articles.map(
    (article) =>
      `<url>${element('loc', publicUrl + articlePath(article.id))}` +
      `${element('lastmod', article.lastModified)}</url>`,
  );
  return `${xmlHead}<urlset xmlns="${sitemapNs}">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Google News' sitemap: https://developers.google.com/search/docs/crawling-indexing/sitemaps/news-sitemap */
export function newsSitemap(
  publicUrl: string,
  articles: { id: number; title: string; published: string }[],
  language: string,
): string {
  const entries = articles.map(
    (article) =>
      `<url>${element('loc', publicUrl + articlePath(article.id))}<news:news>` +
      `<news:publication>${element('news:name', siteName)}${element('news:language', language)}` +
      `</news:publication>${element('news:publication_date', article.published)}` +
      `${element('news:title', article.title)}</news:news></url>`,
  );
  return (
    `${xmlHead}<urlset xmlns="${sitemapNs}" ` +
    `xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${entries.join('\n')}\n</urlset>\n`
  );
}

export interface FeedItem {
  article: Article;
  /** The whole text for a free article, the excerpt for a premium one: plain text. */
  text: string;
  /** The body as our renderer writes it (the free part of a premium article's), for readers
   * that show the story in full (`content:encoded`). */
  html?: string | undefined;
}

/**
 * RSS 2.0 (https://www.rssboard.org/rss-specification), newest first. Titles, authors and
 * categories are plain text; a description is HTML to feed readers, so the text goes into it
 * escaped as HTML first (htmlTextElement). `content:encoded` carries the body as our renderer
 * writes it (html.ts), never an author's raw text.
 */
export function rssFeed(
  publicUrl: string,
  feed: { title: string; path: string; description: string },
  items: FeedItem[],
  builtAt: Date,
): string {
  const entries = items.map(({ article, text, html }) => {
    const link = publicUrl + articlePath(article._id);
    return [
      '<item>',
      element('title', article.name),
      element('link', link),
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      htmlTextElement('description', text),
      element('content:encoded', html),
      element('dc:creator', article.author.name),
      element('pubDate', new Date(article.createdAt).toUTCString()),
      element('category', article.publisher),
      ...article.tags.map((tag) => element('category', tag)),
      `<media:content url="${xmlText(absoluteUrl(publicUrl, article.image))}" medium="image"/>`,
      '</item>',
    ].join('');
  });
  return (
    `${xmlHead}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" ` +
    `xmlns:content="http://purl.org/rss/1.0/modules/content/">\n` +
    '<channel>' +
    element('title', feed.title) +
    element('link', `${publicUrl}/`) +
    htmlTextElement('description', feed.description) +
    element('language', 'en') +
    element('lastBuildDate', builtAt.toUTCString()) +
    `<atom:link href="${xmlText(publicUrl + feed.path)}" rel="self" type="application/rss+xml"/>\n` +
    entries.join('\n') +
    '\n</channel>\n</rss>\n'
  );
}
