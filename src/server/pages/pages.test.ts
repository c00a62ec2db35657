import { AsyncLocalStorage } from 'node:async_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchMessages } from '#shared/search';
import { createTestApp, type TestApp } from '#server/test/app';
import { makeAdmin, signUp, type TestUser } from '#server/test/auth';
import { createArticle, createPublisher, makePremium } from '#server/test/factories';
import { recordVariants } from '#server/images/variants';
import { sourcePages } from '#server/test/pages';

/*
 * The pages as a crawler, a link preview or a reader without JavaScript gets them: raw HTML from
 * the server, no script run. The server renders the web app's own source here (test/pages.ts).
 */

const site = 'https://news.example.com';
let t: TestApp;
let author: TestUser;
let admin: TestUser;
let reader: TestUser;
let subscriber: TestUser;
/** A picture uploaded to the site, whose size was recorded then (120 × 80). */
const picture = '/uploads/0123456789abcdef0123456789abcdef.webp';
const ids: Record<string, number> = {};
const premiumExcerpt = 'Doctors at the valley clinic open their doors at dawn.';
const premiumSecret = 'Only subscribers may read how the night shift ends.';
const freeText =
  'The harbour opened again on Monday. Fishing boats returned at first light. ' +
  'Traders lined the quay. By noon the market was full.';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: site }, { pages: await sourcePages() });
  const db = t.app.database.db;
  author = await signUp(t.app, { name: 'Alice Author' });
  admin = await signUp(t.app, { name: 'Ada Admin' });
  await makeAdmin(t.app, admin.user.id);
  reader = await signUp(t.app, { name: 'Free Reader' });
  subscriber = await signUp(t.app, { name: 'Paying Reader' });
  await makePremium(db, subscriber.user.id);

  await recordVariants(db, picture, { width: 120, height: 80 }, []);

  const herald = await createPublisher(db, { name: 'The Harbour Herald' });
  const make = async (title: string, overrides: Parameters<typeof createArticle>[2] = {}) =>
    (ids[title] = (await createArticle(db, author.user.id, { title, ...overrides })).id);
  await make('Harbour reopens', {
    publisherId: herald.id,
    tags: ['business', 'local'],
    description: freeText,
    image: picture,
  });
  await make('Inside the clinic', {
    isPremium: true,
    tags: ['health'],
    description: `${premiumExcerpt}\n\n${premiumSecret} The ward stays quiet. Morning comes.`,
  });
  await make('Still pending', { isApproved: false });
  await make('Declined story', { isApproved: false, adminMessage: 'Needs sources.' });
  await make('Breaking </script><script>alert(1)</script>', { tags: ['politics'] });
});

afterAll(() => t.close());

async function page(url: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { res, html: res.body, doc: parse(res.body) };
}

const meta = (doc: HTMLElement, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

const jsonLd = (doc: HTMLElement) =>
  doc
    .querySelectorAll('script[type="application/ld+json"]')
    .map((script) => JSON.parse(script.textContent) as Record<string, unknown>);

/** Everything in the page a reader would not see as text: the serialized state, mostly. */
const pageState = (doc: HTMLElement) => doc.querySelector('script#page-state')?.textContent ?? '';

describe('the home page', () => {
  it("arrives complete, described and with the site's structured data", async () => {
    const { res, doc } = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(doc.querySelector('title')?.textContent).toBe(
      'Tribune — Independent news for curious readers',
    );
    expect(meta(doc, 'description')).toBeTruthy();
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site}/`);
    expect(meta(doc, 'og:type')).toBe('website');
    expect(meta(doc, 'og:site_name')).toBe('Tribune');
    expect(meta(doc, 'og:url')).toBe(`${site}/`);
    expect(meta(doc, 'og:image')).toMatch(new RegExp(`^${site}/`));
    expect(meta(doc, 'og:image:width')).toMatch(/^\d+$/);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'robots')).toBeUndefined();
    const feed = doc.querySelector('link[rel="alternate"][type="application/rss+xml"]');
    expect(feed?.getAttribute('href')).toBe('/rss.xml');

    const [data] = jsonLd(doc) as [{ '@graph': Record<string, unknown>[] }];
    const types = data['@graph'].map((node) => node['@type']);
    expect(types).toEqual(['WebSite', 'Organization']);
    const website = data['@graph'][0] as { potentialAction: { target: { urlTemplate: string } } };
    expect(website.potentialAction.target.urlTemplate).toContain('{search_term_string}');
    const org = data['@graph'][1] as { name: string; logo: { url: string } };
    expect(org).toMatchObject({ name: 'Tribune', logo: { url: expect.stringMatching(/^https:/) } });

    // The news itself is in the HTML, linked with real addresses.
    const links = doc.querySelectorAll('a').map((a) => a.getAttribute('href'));
    expect(links).toContain(`/articles/${ids['Harbour reopens']}`);
    expect(doc.querySelector('main')?.textContent).toContain('Harbour reopens');
    // The counters show the real numbers (they count up in the browser, when seen): four
    // readers signed up, one of them premium.
    const counters = doc.querySelectorAll('[data-value] > [aria-hidden="true"]');
    expect(counters.map((counter) => counter.textContent)).toEqual(['4', '3', '1']);
    // The app's script and styles are named for the browser to take over.
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
      '/assets/main-test.js',
    );
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      '/assets/main-test.css',
    );
  });

  it('is kept for guests and forgotten at once when an article is approved', async () => {
    const first = await page('/');
    expect(first.res.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400',
    );
    expect(first.doc.querySelector('main')?.textContent).not.toContain('Still pending');
    const again = await page('/');
    expect(again.html).toBe(first.html);

    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${ids['Still pending']}`,
      headers: { cookie: admin.cookie, origin: site },
      payload: { isApproved: true },
    });
    expect(approved.statusCode).toBe(200);
    const after = await page('/');
    expect(after.doc.querySelector('main')?.textContent).toContain('Still pending');

    // Back as it was, for the tests that follow.
    await t.app.database.db
      .updateTable('article')
      .set({ isApproved: false })
      .where('id', '=', ids['Still pending']!)
      .execute();
  });

  it('is compressed for browsers that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    // gzip for a page's first reader, Brotli once it is shared (http/compress-answers.ts).
    const encoding = res.headers['content-encoding'];
    expect(['br', 'gzip']).toContain(encoding);
    const html = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload);
    expect(html.toString()).toMatch(/^<!DOCTYPE html>/i);
  });
});

describe('an article', () => {
  it('is described for search engines and link previews', async () => {
    const id = ids['Harbour reopens']!;
    const { res, doc } = await page(`/articles/${id}`);
    expect(res.statusCode).toBe(200);
    expect(doc.querySelector('title')?.textContent).toBe('Harbour reopens | Tribune');
    expect(meta(doc, 'description')).toMatch(/^The harbour opened again on Monday\./);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${site}/articles/${id}`,
    );
    expect(meta(doc, 'og:type')).toBe('article');
    expect(meta(doc, 'og:title')).toBe('Harbour reopens');
    expect(meta(doc, 'og:url')).toBe(`${site}/articles/${id}`);
    expect(meta(doc, 'og:image')).toBe(`${site}${picture}`);
    expect(meta(doc, 'og:image:width')).toBe('120');
    expect(meta(doc, 'og:image:height')).toBe('80');
    expect(meta(doc, 'article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(meta(doc, 'article:section')).toBe('business');
    expect(
      doc.querySelectorAll('meta[property="article:tag"]').map((m) => m.getAttribute('content')),
    ).toEqual(['business', 'local']);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');

    const [data] = jsonLd(doc);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Harbour reopens',
      image: [`${site}${picture}`],
      datePublished: expect.any(String),
      dateModified: expect.any(String),
      author: [{ '@type': 'Person', name: 'Alice Author' }],
      publisher: { '@type': 'Organization', name: 'Tribune', logo: { url: expect.any(String) } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${site}/articles/${id}` },
    });
    expect(data).not.toHaveProperty('isAccessibleForFree');
  });

  it('holds its whole text, its picture sized and fetched first', async () => {
    const { doc } = await page(`/articles/${ids['Harbour reopens']}`);
    expect(doc.querySelector('h1')?.textContent).toBe('Harbour reopens');
    expect(doc.querySelector('article')?.textContent).toContain('By noon the market was full.');
    const img = doc.querySelector('article img[fetchpriority="high"]');
    expect(img?.getAttribute('src')).toBe(picture);
    expect(img?.getAttribute('width')).toBeTruthy();
    expect(img?.getAttribute('height')).toBeTruthy();
  });

  it("keeps a premium article's text from guests and free readers, in the HTML and the state", async () => {
    const id = ids['Inside the clinic']!;
    for (const cookie of [undefined, reader.cookie]) {
      const { res, html, doc } = await page(`/articles/${id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(doc.querySelector('h1')?.textContent).toBe('Inside the clinic');
      expect(doc.querySelector('article')?.textContent).toContain(premiumExcerpt);
      expect(doc.querySelector('.paywalled-content')?.textContent).toContain(
        'This is a premium article. Subscribe to read it.',
      );
      expect(html).not.toContain('night shift');
      expect(html).not.toContain('ward stays quiet');
      expect(pageState(doc)).toContain('Inside the clinic');
      const [data] = jsonLd(doc);
      expect(data).toMatchObject({
        '@type': 'NewsArticle',
        isAccessibleForFree: false,
        hasPart: {
          '@type': 'WebPageElement',
          isAccessibleForFree: false,
          cssSelector: '.paywalled-content',
        },
      });
    }
  });

  it('gives an entitled reader the whole premium text, on a page never shared', async () => {
    const { res, doc } = await page(`/articles/${ids['Inside the clinic']}`, subscriber.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(doc.querySelector('.paywalled-content')?.textContent).toContain(premiumSecret);

    // A guest asking right after still gets the preview.
    const guest = await page(`/articles/${ids['Inside the clinic']}`);
    expect(guest.html).not.toContain('night shift');
  });

  it('cannot break out of its page with its title', async () => {
    const { html, doc } = await page(
      `/articles/${ids['Breaking </script><script>alert(1)</script>']}`,
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(doc.querySelector('h1')?.textContent).toBe(
      'Breaking </script><script>alert(1)</script>',
    );
    expect(doc.querySelectorAll('script:not([type])')).toHaveLength(0);
  });

  it('answers 404 to the public when missing, unpublished or malformed', async () => {
    for (const url of [
      '/articles/999999',
      `/articles/${ids['Still pending']}`,
      `/articles/${ids['Declined story']}`,
      '/articles/not-a-number',
      '/articles/1e3',
    ]) {
      const { res, doc } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(meta(doc, 'robots'), url).toBe('noindex');
      expect(doc.querySelector('link[rel="canonical"]'), url).toBeNull();
      expect(doc.textContent, url).toContain('This article does not exist or is not published.');
    }
    // Its author may open it.
    const own = await page(`/articles/${ids['Still pending']}`, author.cookie);
    expect(own.res.statusCode).toBe(200);
    expect(own.doc.querySelector('h1')?.textContent).toBe('Still pending');
  });
});

describe('All Articles', () => {
  it('renders the search its address asks for, with real links to the next pages', async () => {
    const db = t.app.database.db;
    const sports = await createPublisher(db, { name: 'Sports Desk' });
    for (let n = 1; n <= 14; n += 1) {
      await createArticle(db, author.user.id, {
        title: `Match report ${n}`,
        tags: ['sports'],
        publisherId: sports.id,
      });
    }
    const { res, doc } = await page('/allpublishedarticles?tags=sports');
    expect(res.statusCode).toBe(200);
    const main = doc.querySelector('main')?.textContent ?? '';
    expect(main).toContain('Match report 14');
    expect(main).not.toContain('Harbour reopens');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${site}/allpublishedarticles?tags=sports`,
    );

    const pager = doc.querySelectorAll('a').map((a) => a.getAttribute('href') ?? '');
    const next = pager.find((href) => /[?&]page=2/.test(href));
    expect(next).toMatch(/^\/allpublishedarticles\?/);
    expect(next).toContain('tags=sports');

    const second = await page(next!);
    expect(second.res.statusCode).toBe(200);
    expect(second.doc.querySelector('main')?.textContent).toContain('Match report 1');

    // An old link past the end is no page (404, left out of search engines), says so rather
    // than that nothing matched, and its Previous leads to the last page there is.
    const past = await page('/allpublishedarticles?tags=sports&page=9');
    expect(past.res.statusCode).toBe(404);
    expect(past.doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(past.doc.querySelector('link[rel="canonical"]')).toBeNull();
    const text = past.doc.querySelector('main')?.textContent ?? '';
    expect(text).toContain('There is no page 9: the articles end on page 2.');
    expect(text).not.toContain('No articles match your search.');
    const previous = past.doc.querySelector('main a[aria-label="Previous"]');
    expect(previous?.getAttribute('href')).toMatch(/[?&]page=2(&|$)/);
  });

  it('has a search form that works without scripts', async () => {
    const { doc } = await page('/allpublishedarticles');
    const form = doc.querySelector('main form[role="search"]');
    expect(form?.getAttribute('method')?.toLowerCase() ?? 'get').toBe('get');
    expect(form?.getAttribute('action')).toBe('/allpublishedarticles');
    const names = form?.querySelectorAll('input').map((input) => input.getAttribute('name'));
    expect(names).toEqual(expect.arrayContaining(['title', 'publisher', 'tags']));

    const found = await page('/allpublishedarticles?title=harbour');
    expect(found.doc.querySelector('main')?.textContent).toContain('Harbour reopens');
    expect(found.doc.querySelector('input[name="title"]')?.getAttribute('value')).toBe('harbour');
  });
});

describe('site search', () => {
  it('renders the results with the words marked, and every page has the search box', async () => {
    const home = await page('/');
    const box = home.doc.querySelector('header form[role="search"]');
    expect(box?.getAttribute('action')).toBe('/search');
    expect(box?.getAttribute('method')?.toLowerCase()).toBe('get');
    expect(box?.querySelector('input[name="q"]')).not.toBeNull();

    const { res, doc } = await page('/search?q=harbour+market');
    expect(res.statusCode).toBe(200);
    expect(doc.querySelector('title')?.textContent).toBe('Search: harbour market | Tribune');
    expect(meta(doc, 'robots')).toBe('noindex');
    const result = doc.querySelector('main article');
    expect(result?.querySelector('h2 a')?.getAttribute('href')).toBe(
      `/articles/${ids['Harbour reopens']}`,
    );
    expect(result?.querySelectorAll('mark').map((mark) => mark.textContent)).toEqual(
      expect.arrayContaining(['Harbour', 'harbour', 'market']),
    );
    expect(doc.querySelector('main input[name="q"]')?.getAttribute('value')).toBe('harbour market');
  });

  it('shows a refused search with its reason and status, not as loading', async () => {
    const { res, doc } = await page(`/search?q=${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(doc.querySelector('main [role="alert"]')?.textContent).toBe(
      `q: ${searchMessages.tooLong}`,
    );
    expect(doc.querySelector('main')?.textContent).not.toContain('Searching…');
  });

  it("never puts a premium article's hidden text in a guest's or free reader's results", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      const found = await page('/search?q=clinic', cookie);
      expect(found.doc.querySelector('main')?.textContent).toContain('Inside the clinic');
      expect(found.html).not.toContain('night shift');
      const hidden = await page('/search?q=%22night+shift%22', cookie);
      expect(hidden.doc.querySelector('main')?.textContent).toContain(
        'No articles match your search.',
      );
      expect(hidden.html).not.toContain('Inside the clinic');
    }
    const entitled = await page('/search?q=%22night+shift%22', subscriber.cookie);
    expect(entitled.doc.querySelector('main')?.textContent).toContain('Inside the clinic');
    expect(entitled.res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('other pages', () => {
  it('answers 404 with the not-found page for unknown addresses', async () => {
    const { res, doc } = await page('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(doc.querySelector('title')?.textContent).toBe('Page not found | Tribune');
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('h1')?.textContent).toBe("Sorry, we couldn't find this page.");
  });

  it('answers the not-found page for an address with a long segment where a route takes a parameter', async () => {
    // /sitemaps/:file takes one segment; with more after it, no route takes the address.
    for (const url of [`/sitemaps/${'x'.repeat(101)}/more`, `/dev/outbox/${'x'.repeat(10_000)}/`]) {
      const { res, doc } = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(doc.querySelector('title')?.textContent, url).toBe('Page not found | Tribune');
    }
  });

  it('titles the login and register pages and lets them be indexed', async () => {
    for (const [url, title] of [
      ['/login', 'Login | Tribune'],
      ['/register', 'Register | Tribune'],
    ] as const) {
      const { res, doc } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(doc.querySelector('title')?.textContent, url).toBe(title);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), url).toBe(
        `${site}${url}`,
      );
      expect(doc.querySelector('form'), url).not.toBeNull();
    }
  });

  it('sends a reader already signed in on from the login and register pages', async () => {
    for (const [url, to] of [
      ['/login', '/'],
      ['/register', '/'],
      ['/login?from=%2Fmyarticles', '/myarticles'],
      ['/register?from=%2F%2Fevil.example', '/'],
      // Control bytes and letters outside ASCII: the parsed path, never the bytes as sent.
      ['/login?from=%2F%0Aevil', '/evil'],
      ['/login?from=%2Fa%0D%0ASet-Cookie%3A%20x%3D1', '/aSet-Cookie:%20x=1'],
      ['/login?from=%2Fa%00b', '/a%00b'],
      ['/login?from=%2Fcaf%C3%A9', '/caf%C3%A9'],
    ] as const) {
      const { res } = await page(url, reader.cookie);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // The end of a Google sign-in is the login page's to finish (its welcome, or the error).
    for (const url of ['/login?signedIn=google&from=%2Fmyarticles', '/login?error=access_denied']) {
      expect((await page(url, reader.cookie)).res.statusCode, url).toBe(200);
    }
  });

  it("sends a guest from a reader's own page to log in, and back afterwards", async () => {
    for (const url of ['/myarticles', '/myprofile', '/premiumarticles', '/updateArticle?id=5']) {
      const { res } = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/login?from=${encodeURIComponent(url)}`);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A reader signed in gets the page itself.
    const own = await page('/myarticles', reader.cookie);
    expect(own.res.statusCode).toBe(200);
  });

  it("answers 404 for Premium Articles' page past the end, and 200 for its first", async () => {
    const past = await page('/premiumarticles?page=5', reader.cookie);
    expect(past.res.statusCode).toBe(404);
    expect(past.doc.querySelector('main')?.textContent).toContain(
      'There is no page 5: the articles end on page 1.',
    );
    const first = await page('/premiumarticles', reader.cookie);
    expect(first.res.statusCode).toBe(200);
    expect(first.doc.querySelector('main')?.textContent).toContain('Inside the clinic');
  });

  it('titles the private pages and keeps them out of search engines', async () => {
    for (const [url, title] of [
      ['/myarticles', 'My Articles | Tribune'],
      ['/myprofile', 'My Profile | Tribune'],
      ['/admin/dashboard', 'Dashboard | Tribune'],
      ['/subscription', 'Subscription | Tribune'],
    ] as const) {
      // Guests are sent to log in from a reader's own pages (above); the admin area draws its
      // refusal in the browser.
      const callers = url.startsWith('/admin') ? [undefined, admin.cookie] : [admin.cookie];
      for (const cookie of callers) {
        const { res, doc } = await page(url, cookie);
        expect(res.statusCode, url).toBe(200);
        expect(doc.querySelector('title')?.textContent, url).toBe(title);
        expect(meta(doc, 'robots'), url).toBe('noindex');
        expect(doc.querySelector('link[rel="canonical"]'), url).toBeNull();
      }
    }
  });

  it("never puts a signed-in reader's page where a guest can get it", async () => {
    const signedIn = await page('/', reader.cookie);
    expect(signedIn.res.headers['cache-control']).toBe('private, no-store');
    expect(pageState(signedIn.doc)).toContain(reader.user.email);
    const guest = await page('/');
    expect(guest.html).not.toContain(reader.user.email);
    expect(pageState(guest.doc)).not.toContain('Free Reader');
  });
});

describe('what a render leaves behind', () => {
  // React's Node build renders inside an AsyncLocalStorage, and on Node 20 and 22 the first such
  // run turns on promise hooks for the whole process: every promise of every later request costs
  // more (entry-server.tsx, docs/PERFORMANCE.md item 35).
  it('renders without entering an AsyncLocalStorage', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      // Addresses no test above asked for, so they are rendered now, not answered from the kept pages.
      for (const url of [
        '/allpublishedarticles?tags=health',
        `/articles/${ids['Harbour reopens']}?from=test`,
      ]) {
        const { res } = await page(url);
        expect(res.statusCode, url).toBe(200);
      }
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }
  });
});
