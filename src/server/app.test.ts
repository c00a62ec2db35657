import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { signUp } from './test/auth.js';
import { createArticle, createPublisher, makePremium } from './test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers the liveness probe without asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Nothing here: GET /api/no-such' });
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publisher',
      headers: { 'content-type': 'application/json' },
      payload: '{"publisher":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json<{ error: string; message: string }>();
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('security', () => {
  it('sends a Content-Security-Policy that allows only our own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('stripe.com');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("lets Stripe's script, card frames and API in only when Stripe takes the payments", async () => {
    const stripe = await createTestApp({
      payments: {
        kind: 'stripe',
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
      },
    });
    try {
      const res = await stripe.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
      expect(csp).toMatch(
        /frame-src 'self' https:\/\/js\.stripe\.com .*https:\/\/hooks\.stripe\.com;/,
      );
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
    } finally {
      await stripe.close();
    }
  });

  it('marks every API answer as not for any cache, and the pages by their own rules', async () => {
    // An app of its own: the article brings a publisher the publishers' list below must not see.
    const own = await createTestApp();
    try {
      const premium = await signUp(own.app);
      await makePremium(own.app.database.db, premium.user.id);
      const { id } = await createArticle(own.app.database.db, premium.user.id, { isPremium: true });
      const asked = [
        ['/api/health', undefined],
        ['/api/articles?isApproved=true', undefined],
        [`/api/articledetail/${id}`, premium.cookie],
        [`/api/articles/${id}/reading`, premium.cookie],
        [`/api/users?email=${encodeURIComponent(premium.user.email)}`, premium.cookie],
        ['/api/auth/get-session', premium.cookie],
        // An error, and a spelling of the path the router reads as /api/health.
        ['/api/articledetail/999999', undefined],
        ['/%61pi/health', undefined],
      ] as const;
      for (const [url, cookie] of asked) {
        const res = await own.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
      const feed = await own.app.inject({ method: 'GET', url: '/rss.xml' });
      expect(feed.headers['cache-control']).toMatch(/^public/);
    } finally {
      await own.close();
    }
  });

  it('answers an address that does not decode with a JSON 400 and the security headers', async () => {
    for (const url of ['/%ff', '/api/articles/%ff', '/articles/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        error: 'bad_request',
        message: 'The address is not valid.',
      });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('refuses a state-changing API request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/publisher',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
  });

  it('refuses a request the browser marks as cross-site', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/publisher',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('compresses large answers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('OpenAPI', () => {
  it('describes the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/publisher']),
    );
  });

  it('has a reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('GET /api/publisher', () => {
  it('lists publishers alphabetically in the spec shape', async () => {
    const zeta = await createPublisher(t.database.handle.db, {
      name: 'Zeta Daily',
      logo: '/uploads/z.webp',
    });
    const alpha = await createPublisher(t.database.handle.db, {
      name: 'Alpha Times',
      logo: '/uploads/a.webp',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/publisher' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: String(alpha.id),
        publisher: 'Alpha Times',
        publisherLogo: '/uploads/a.webp',
        publisherLogoSrcset: null,
        publisherLogoSize: null,
      },
      {
        _id: String(zeta.id),
        publisher: 'Zeta Daily',
        publisherLogo: '/uploads/z.webp',
        publisherLogoSrcset: null,
        publisherLogoSize: null,
      },
    ]);
  });

  it('keeps publisher names unique regardless of case', async () => {
    await createPublisher(t.database.handle.db, { name: 'Harbour Herald' });
    await expect(
      createPublisher(t.database.handle.db, { name: 'harbour herald' }),
    ).rejects.toThrow();
  });
});
