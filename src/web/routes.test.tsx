import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from '#shared/paths';
import { routes } from './routes';

/** Every address pattern of the route table, parents' segments joined to their children's. */
function patternsOf(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const here = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    // A page is a leaf, or an index route, which answers its parent's address.
    const own = route.index ? [parent] : route.path && !route.children ? [here] : [];
    return [...own, ...patternsOf(route.children ?? [], here)];
  });
}

/** Every page address shared/paths.ts names, fixed or as a pattern. */
function sharedPatterns(value: object = routePatterns): string[] {
  return Object.values(value).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : typeof entry === 'object' ? sharedPatterns(entry) : [],
  );
}

const leafId = (address: string) => matchRoutes(routes, address)?.at(-1)?.route.id;

describe('the route table', () => {
  it('holds exactly the pages shared/paths.ts names, and the not-found page', () => {
    const table = patternsOf(routes).filter((pattern) => !pattern.endsWith('*'));
    expect(new Set(table)).toEqual(new Set(sharedPatterns()));
    expect(table).toHaveLength(new Set(table).size);
  });

  it('matches each page’s address, built as links build it, to its own page', () => {
    expect(leafId(paths.home)).toBe('home');
    expect(leafId(paths.article('42'))).toBe('article');
    expect(leafId(paths.updateArticle('42').split('?')[0]!)).toBe('update-article');
    expect(leafId(paths.admin.root)).toBe('admin-index');
    expect(leafId(paths.admin.dashboard)).toBe('admin-dashboard');
    expect(leafId(paths.myProfile)).toBe('my-profile');
    expect(leafId('/no-such-page')).toBe('not-found');
  });
});
