import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import type { Article } from '#shared/articles';
import type { PublicListQuery } from '#shared/api/article-list';
import type { SearchParams } from '#shared/api/search-query';
import type { ArticleListPage, PageData, Viewer } from '#shared/pages';
import { articleReadingQueryOptions } from '#web/lib/api/articleReading';
import { articlesQueryOptions } from '#web/lib/api/articles';
import { ApiError } from '#web/lib/api/client';
import { createQueryClient } from '#web/lib/api/queryClient';
import { publishersQueryOptions } from '#web/lib/api/publishers';
import { searchQueryOptions } from '#web/lib/api/search';
import { newsletterKeys } from '#web/lib/api/newsletter';
import { newsletterSendQueryOptions } from '#web/lib/api/newsletterReader';
import { statisticsQueryOptions } from '#web/lib/api/statistics';
import { trendingParams } from '#web/lib/api/trending';
import { pageLoaders, withLoaders, type LoaderContext } from './pageLoaders';

const reader: Viewer = {
  user: { id: 'u1', name: 'Rita Reader', email: 'rita@example.com', image: null },
  record: { _id: 'u1', email: 'rita@example.com' } as UserRecord,
};

const article = { _id: '7', name: 'Rain in the city' } as Article;
const onePage = (articles: Article[] = [article]): ArticleListPage => ({ articles, total: 13 });

/** A page's context: a fresh cache and the server's reads, each call recorded. */
function contextFor(viewer: Viewer, reads: Partial<PageData> = {}) {
  const calls: { read: string; args: unknown[] }[] = [];
  const record =
    <A extends unknown[], R>(read: string, answer: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push({ read, args });
      return answer(...args);
    };
  const data: PageData = {
    viewer,
    articles: record('articles', reads.articles ?? (async (_: PublicListQuery) => onePage())),
    reading: record('reading', reads.reading ?? (async () => null)),
    publishers: record('publishers', reads.publishers ?? (async () => [])),
    statistics: record(
      'statistics',
      reads.statistics ?? (async () => ({ totalUsers: 3, normalUsers: 2, premiumUsers: 1 })),
    ),
    search: record('search', reads.search ?? (async (_: SearchParams) => ({}) as never)),
    newsletterSend: record('newsletterSend', reads.newsletterSend ?? (async () => null)),
    newsletterPreferences: record(
      'newsletterPreferences',
      reads.newsletterPreferences ??
        (async () => {
          throw { status: 404, error: 'not_found', message: 'This link is not valid.' };
        }),
    ),
  };
  const context: LoaderContext = { queryClient: createQueryClient(), data };
  return { context, calls };
}

function load(id: string, url: string, context: LoaderContext, params = {}) {
  return pageLoaders[id]!({ request: new Request(`http://localhost${url}`), params, context });
}

const cached = (client: QueryClient, key: readonly unknown[]) => client.getQueryData(key);

/** The status a loader answered with `data(null, { status })`, if any. */
const statusOf = (answer: unknown) => (answer as { init?: ResponseInit } | null)?.init?.status;

/** Where a loader's redirect goes, if it answered one. */
const redirectOf = (answer: unknown) =>
  answer instanceof Response ? answer.headers.get('Location') : null;

describe('the home page', () => {
  it('reads the trending list, the publishers and the reader counts into the cache', async () => {
    const { context, calls } = contextFor(null);
    expect(await load('home', '/', context)).toBeNull();
    expect(calls.map((call) => call.read).sort()).toEqual(['articles', 'publishers', 'statistics']);
    const { queryClient } = context;
    expect(cached(queryClient, articlesQueryOptions(trendingParams).queryKey)).toEqual(onePage());
    expect(cached(queryClient, publishersQueryOptions().queryKey)).toEqual([]);
    expect(cached(queryClient, statisticsQueryOptions().queryKey)).toMatchObject({ totalUsers: 3 });
  });
});

describe('All Articles', () => {
  it("reads the list its address asks for, under the key the page's hook reads", async () => {
    const { context, calls } = contextFor(null);
    const answer = await load('all-articles', '/allpublishedarticles?title=rain&page=2', context);
    expect(answer).toBeNull();
    const list = { isApproved: true, title: 'rain', publisher: '', tags: [], page: 2, limit: 12 };
    expect(calls.find((call) => call.read === 'articles')?.args).toEqual([list]);
    expect(cached(context.queryClient, articlesQueryOptions(list).queryKey)).toEqual(onePage());
  });

  it('answers 404 for a page past the end of the list', async () => {
    const { context } = contextFor(null, { articles: async () => onePage([]) });
    expect(statusOf(await load('all-articles', '/allpublishedarticles?page=9', context))).toBe(404);
  });

  it('answers an empty first page as a page (no articles match)', async () => {
    const { context } = contextFor(null, { articles: async () => onePage([]) });
    expect(await load('all-articles', '/allpublishedarticles?title=zzz', context)).toBeNull();
  });

  it('keeps a refused read in the cache as the error the API would have thrown', async () => {
    const refused = { status: 429, error: 'rate_limited', message: 'Too many requests.' };
    const { context } = contextFor(null, { articles: () => Promise.reject(refused) });
    await load('all-articles', '/allpublishedarticles', context);
    const [query] = context.queryClient.getQueryCache().findAll({ queryKey: ['articles'] });
    const state = query?.state;
    expect(state!.error).toBeInstanceOf(ApiError);
    expect(state!.error).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});

describe("a reader's own pages", () => {
  it('send a guest to log in, remembering the page', async () => {
    const { context } = contextFor(null);
    const answer = await load('signed-in', '/myarticles?page=2', context);
    expect(redirectOf(answer)).toBe('/login?from=%2Fmyarticles%3Fpage%3D2');
  });

  it('let a signed-in reader through', async () => {
    const { context } = contextFor(reader);
    expect(await load('signed-in', '/myarticles', context)).toBeNull();
  });
});

describe('Premium Articles', () => {
  it('reads nothing for a guest', async () => {
    const { context, calls } = contextFor(null);
    expect(await load('premium-articles', '/premiumarticles', context)).toBeNull();
    expect(calls).toEqual([]);
  });

  it("reads a signed-in reader's page of premium articles", async () => {
    const { context, calls } = contextFor(reader);
    await load('premium-articles', '/premiumarticles?page=3', context);
    expect(calls[0]!.args).toEqual([{ isPremium: true, isApproved: true, page: 3, limit: 12 }]);
  });
});

describe('an article', () => {
  it('reads the article into the cache', async () => {
    const reading = { article, fullText: true } as never;
    const { context, calls } = contextFor(null, { reading: async () => reading });
    expect(await load('article', '/articles/7', context, { id: '7' })).toBeNull();
    expect(calls).toEqual([{ read: 'reading', args: ['7'] }]);
    expect(cached(context.queryClient, articleReadingQueryOptions('7').queryKey)).toBe(reading);
  });

  it('answers 404 when the article does not exist for the reader', async () => {
    const { context } = contextFor(null);
    expect(statusOf(await load('article', '/articles/8', context, { id: '8' }))).toBe(404);
  });
});

describe('site search', () => {
  it('runs the search its address holds', async () => {
    const { context, calls } = contextFor(null);
    await load('search', '/search?q=rain&tags=sports', context);
    const params = { q: 'rain', tags: ['sports'], page: 1, limit: 10 };
    expect(calls).toEqual([{ read: 'search', args: [params] }]);
    expect(cached(context.queryClient, searchQueryOptions(params).queryKey)).toEqual({});
  });

  it('runs nothing for words that cannot be searched', async () => {
    const { context, calls } = contextFor(null);
    expect(await load('search', '/search?q=%2A%2A', context)).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('the login and register pages', () => {
  it('send a reader already signed in on to the page they came for', async () => {
    const { context } = contextFor(reader);
    const answer = await load('login', '/login?from=%2Fmyprofile', context);
    expect(redirectOf(answer)).toBe('/myprofile');
    expect(redirectOf(await load('register', '/register', context))).toBe('/');
  });

  it('stay for a guest, and for the end of a Google sign-in', async () => {
    expect(await load('login', '/login', contextFor(null).context)).toBeNull();
    const { context } = contextFor(reader);
    expect(await load('login', '/login?signedIn=google', context)).toBeNull();
    expect(await load('login', '/login?error=access_denied', context)).toBeNull();
  });
});

it('answers 404 on the not-found page', async () => {
  expect(statusOf(await load('not-found', '/nowhere', contextFor(null).context))).toBe(404);
});

describe('withLoaders', () => {
  it('gives each route with a server loader its loader, in children too, and changes no other', () => {
    interface Route {
      id?: string;
      path?: string;
      children?: Route[];
    }
    const routes: Route[] = [
      { id: 'root', children: [{ id: 'home' }, { id: 'my-profile' }, { path: 'x' }] },
    ];
    const [root] = withLoaders(routes);
    expect(root!.children!.map((route) => 'loader' in route)).toEqual([true, false, false]);
    expect('loader' in root!).toBe(false);
    expect(routes[0]!.children![0]).toEqual({ id: 'home' });
  });
});

describe('a newsletter’s web version', () => {
  it('reads the send under the key the page’s hook reads, and answers 404 when there is none', async () => {
    const send = {
      id: 3,
      kind: 'article',
      subject: 'Pier vote',
      sentAt: '',
      articles: [],
    } as const;
    const found = contextFor(null, { newsletterSend: async () => ({ ...send, articles: [] }) });
    expect(await load('newsletter-send', '/newsletters/3', found.context, { id: '3' })).toBeNull();
    expect(found.calls).toEqual([{ read: 'newsletterSend', args: ['3'] }]);
    expect(cached(found.context.queryClient, newsletterSendQueryOptions('3').queryKey)).toEqual(
      send,
    );

    const missing = contextFor(null);
    const answer = await load('newsletter-send', '/newsletters/9', missing.context, { id: '9' });
    expect(statusOf(answer)).toBe(404);
  });
});

describe('a subscriber’s newsletter preferences', () => {
  it('reads the choices of the link’s token and the publishers, so the form arrives whole', async () => {
    const preferences = {
      email: 'a@example.com',
      status: 'confirmed',
      digest: true,
      publishers: [],
    } as const;
    const { context, calls } = contextFor(null, {
      newsletterPreferences: async () => ({ ...preferences, publishers: [] }),
    });
    expect(
      await load('newsletter-preferences', '/newsletter/preferences?token=7.sig', context),
    ).toBeNull();
    expect(calls.map((call) => call.read).sort()).toEqual(['newsletterPreferences', 'publishers']);
    expect(calls.find((call) => call.read === 'newsletterPreferences')?.args).toEqual(['7.sig']);
    expect(cached(context.queryClient, newsletterKeys.preferences('7.sig'))).toEqual(preferences);
  });

  it('keeps a refused link as the API’s error, and reads nothing without a token', async () => {
    const refused = contextFor(null);
    await load('newsletter-preferences', '/newsletter/preferences?token=bad', refused.context);
    const state = refused.context.queryClient.getQueryState(newsletterKeys.preferences('bad'));
    expect(state?.error).toBeInstanceOf(ApiError);
    expect((state?.error as ApiError).status).toBe(404);

    const none = contextFor(null);
    expect(
      await load('newsletter-preferences', '/newsletter/preferences', none.context),
    ).toBeNull();
    expect(none.calls).toEqual([]);
  });
});
