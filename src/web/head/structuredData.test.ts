import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/articles';
import { newsArticleData, paywalledClass, websiteData } from './structuredData';

const site = 'https://news.example.com';

const article = {
  _id: '42',
  name: 'Rain in the city',
  image: '/uploads/rain.webp',
  createdAt: '2025-03-14T09:30:00.000Z',
  author: { name: 'Rita Reader' },
  tags: ['weather', 'city'],
  isPremium: false,
} as unknown as Article;

const details = { updatedAt: '2025-03-15T10:00:00.000Z', description: 'Rain fell.' };

describe("an article's JSON-LD", () => {
  it('names the article, its dates, author, picture and address on the public site', () => {
    expect(newsArticleData(site, article, details)).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Rain in the city',
      description: 'Rain fell.',
      image: ['https://news.example.com/uploads/rain.webp'],
      datePublished: '2025-03-14T09:30:00.000Z',
      dateModified: '2025-03-15T10:00:00.000Z',
      author: [{ '@type': 'Person', name: 'Rita Reader' }],
      url: 'https://news.example.com/articles/42',
      mainEntityOfPage: { '@id': 'https://news.example.com/articles/42' },
      keywords: ['weather', 'city'],
      publisher: { '@id': 'https://news.example.com/#organization' },
    });
  });

  it('says nothing of a paywall for a free article', () => {
    const data = newsArticleData(site, article, details);
    expect(data).not.toHaveProperty('isAccessibleForFree');
    expect(data).not.toHaveProperty('hasPart');
  });

  it("marks a premium article's paid part by its class, as Google asks", () => {
    expect(newsArticleData(site, { ...article, isPremium: true }, details)).toMatchObject({
      isAccessibleForFree: false,
      hasPart: {
        '@type': 'WebPageElement',
        isAccessibleForFree: false,
        cssSelector: `.${paywalledClass}`,
      },
    });
  });

  it('keeps a picture already on another host as it is', () => {
    const hosted = { ...article, image: 'https://i.ibb.co/x/rain.webp' };
    expect(newsArticleData(site, hosted, details).image).toEqual(['https://i.ibb.co/x/rain.webp']);
  });
});

describe("the home page's JSON-LD", () => {
  it('offers a search box that searches All Articles by title', () => {
    const [website, organization] = websiteData(site)['@graph'];
    expect(website).toMatchObject({
      potentialAction: {
        target: {
          urlTemplate: 'https://news.example.com/allpublishedarticles?title={search_term_string}',
        },
      },
    });
    expect(organization).toMatchObject({
      '@id': 'https://news.example.com/#organization',
      name: 'Tribune',
      url: 'https://news.example.com/',
      logo: { url: 'https://news.example.com/logo.png', width: 512, height: 512 },
    });
  });
});
