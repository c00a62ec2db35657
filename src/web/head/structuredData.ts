import type { Article } from '#shared/articles';
import { siteName } from '#shared/site';
import { logoImage, siteDescription } from '#web/site';
import { absoluteUrl } from './PageHead';
import { paths } from '#shared/paths';

/**
 * schema.org data for search engines (JSON-LD): the site as an Organization and a WebSite with
 * its search, and each article as a NewsArticle. Premium articles follow Google's guidance for
 * paywalled content: `isAccessibleForFree: false` and a `hasPart` naming, by a CSS class, the
 * element that holds the paid part of the page.
 */

/** The class of the element holding a premium article's paid part (its text, or the prompt). */
export const paywalledClass = 'paywalled-content';

export function organization(publicUrl: string) {
  return {
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: siteName,
    url: `${publicUrl}/`,
    logo: {
      '@type': 'ImageObject',
      url: absoluteUrl(publicUrl, logoImage.url),
      width: logoImage.width,
      height: logoImage.height,
    },
  };
}

/** The home page's: the site, its search box (All Articles by title) and who publishes it. */
export function websiteData(publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': `${publicUrl}/#website`,
        name: siteName,
        description: siteDescription,
        url: `${publicUrl}/`,
        publisher: { '@id': `${publicUrl}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${publicUrl}/allpublishedarticles?title={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
      organization(publicUrl),
    ],
  };
}

export function newsArticleData(
  publicUrl: string,
  article: Article,
  details: { updatedAt: string; description: string },
) {
  const url = absoluteUrl(publicUrl, paths.article(article._id));
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.name,
    description: details.description,
    image: [absoluteUrl(publicUrl, article.image)],
    datePublished: article.createdAt,
    dateModified: details.updatedAt,
    author: [{ '@type': 'Person', name: article.author.name }],
    publisher: organization(publicUrl),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    keywords: article.tags,
    ...(article.isPremium && {
      isAccessibleForFree: false,
      hasPart: {
        '@type': 'WebPageElement',
        isAccessibleForFree: false,
        cssSelector: `.${paywalledClass}`,
      },
    }),
  };
}
