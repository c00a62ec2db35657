import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '#web/routes';
import { pageMatcher } from './pageMatch';

const matchPage = pageMatcher(routes);

/** Addresses as readers, crawlers and fuzzers spell them. */
const addresses = [
  '/',
  '',
  '/login',
  '/LOGIN/',
  '/Search?q=x',
  '/search/',
  '/%73earch',
  '/%2Fsearch',
  '//search',
  '/search//',
  '/articles/5',
  '/Articles/5/',
  '/articles/%35',
  '/articles/a%2Fb',
  '/articles/caf%C3%A9',
  '/articles/%E0%A4%A',
  '/articles/5/6',
  '/articles',
  '/addarticle',
  '/updateArticle?id=5',
  '/admin',
  '/Admin/Dashboard/',
  '/admin/nothing',
  '/no/such/page',
  '/allpublishedarticles.',
  '/my%20articles',
];

describe('the page an address asks for', () => {
  it('is the page React Router matches, for every spelling', () => {
    for (const address of addresses) {
      const { pathname } = new URL(address, 'http://x');
      const expected = matchRoutes(routes, pathname)?.at(-1);
      const match = matchPage(address);
      expect(match.id, address).toBe(expected?.route.id ?? 'not-found');
      expect(match.params, address).toEqual(
        Object.fromEntries(Object.entries(expected?.params ?? {}).filter(([key]) => key !== '*')),
      );
    }
  });

  it('is spelled as the route table spells it, which matches itself', () => {
    expect(matchPage('/SEARCH/?q=x').path).toBe('/search');
    expect(matchPage('/Articles/%35/').path).toBe('/articles/5');
    expect(matchPage('/addarticle').path).toBe('/addArticle');
    expect(matchPage('/admin/').path).toBe('/admin');
    for (const address of addresses) {
      const { path, id } = matchPage(address);
      expect(matchPage(path), address).toMatchObject({ path, id });
    }
  });

  it('leaves an unknown address as it came', () => {
    expect(matchPage('/No/Such/').path).toBe('/No/Such/');
  });

  it("keeps the query parameters the page reads, in the page's order, and drops the rest", () => {
    expect(matchPage('/?utm_source=x').search).toBe('');
    expect(matchPage('/allpublishedarticles?page=2&x=1&tags=a&title=').search).toBe(
      '?tags=a&page=2',
    );
    expect(matchPage('/search?q=a&q=b').search).toBe('?q=a');
    // A page that names no parameters of its own keeps them all.
    expect(matchPage('/payment?plan=1&x=2').search).toBe('?plan=1&x=2');
  });
});
