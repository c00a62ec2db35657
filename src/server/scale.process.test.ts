import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '#shared/accounts';
import type { Article } from '#shared/articles';
import type { PaymentIntent } from '#shared/payments';
import { webp } from './test/image-fixtures.js';
import { readOutbox } from './test/outbox.js';
import { startS3Peer, type ImagePeer } from './test/image-peers.js';
import { startStripeFake, type StripeFake } from './test/stripe-fake.js';
import {
  freePort,
  startServer,
  stopAll,
  waitForHealth,
  type ServerProcess,
} from './test/processes.js';
import { dropSharedSchemas, engines, sharedSite as sharedSiteOf } from './test/shared-site.js';

// Two servers, as two machines behind a load balancer would run them: separate processes and
// ports on one database (a SQLite file; a PostgreSQL schema too when TEST_DATABASE_URL is set).
const publicUrl = 'http://news.test';
const demoPassword = 'Tribune123';
const peers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  stopAll();
  for (const peer of peers.splice(0)) await peer.close();
  await dropSharedSchemas();
});

/** The settings both servers share: one database, one secret, one public address. */
const sharedSite = (engine: 'sqlite' | 'postgres') => sharedSiteOf(engine, publicUrl);

async function call(server: ServerProcess, method: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', publicUrl);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(server.url + path, { ...init, method, headers });
}

async function signIn(server: ServerProcess, email: string, password = demoPassword) {
  const res = await call(server, 'POST', '/api/auth/sign-in/email', {
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

describe.each(engines)('two server processes on one %s database', (engine) => {
  it('share sessions, show one’s approval in the other’s list within a second, and count rate limits together', async () => {
    const env = await sharedSite(engine);
    const one = startServer(await freePort(), env);
    const other = startServer(await freePort(), env);
    await Promise.all([waitForHealth(one), waitForHealth(other)]);

    // A session made on one is valid on the other.
    const admin = await signIn(one, 'admin@example.com');
    expect(admin.status).toBe(200);
    const session = await call(other, 'GET', '/api/auth/get-session', {
      headers: { cookie: admin.cookie },
    });
    expect((await session.json()) as unknown).toMatchObject({
      user: { email: 'admin@example.com' },
    });

    // Posted on one, approved on the other: in the first one's public list within a second.
    const reader = await signIn(one, 'reader@example.com');
    const [seeded] = (await (await call(one, 'GET', '/api/articles?limit=1')).json()) as Article[];
    const posted = await call(one, 'POST', '/api/articles', {
      headers: { cookie: reader.cookie },
      body: JSON.stringify({
        name: 'Two servers, one newsroom',
        publisher: seeded?.publisher,
        tags: ['technology'],
        description: 'One. Two! Three? Four is for subscribers.',
        image: seeded?.image,
      }),
    });
    expect(posted.status).toBe(201);
    const { insertedId: id } = (await posted.json()) as { insertedId: string };
    const titles = async () =>
      ((await (await call(one, 'GET', '/api/articles?limit=20')).json()) as Article[]).map(
        (a) => a.name,
      );
    // Read (and so kept) by the first before the approval.
    expect(await titles()).not.toContain('Two servers, one newsroom');
    const approved = await call(other, 'PUT', `/api/articles/${id}`, {
      headers: { cookie: admin.cookie },
      body: JSON.stringify({ isApproved: true }),
    });
    expect(approved.status).toBe(200);
    const approvedAt = Date.now();
    while (!(await titles()).includes('Two servers, one newsroom')) {
      expect(Date.now() - approvedAt).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    expect((await call(one, 'GET', `/api/articledetail/${id}`)).status).toBe(200);

    // Failed sign-ins to one account count on both: five in all, then it is locked everywhere.
    const tries = [one, other, one, other, one];
    for (const server of tries) {
      expect((await signIn(server, 'writer@example.com', 'Wrong-password-1')).status).toBe(401);
    }
    expect((await signIn(other, 'writer@example.com', 'Wrong-password-1')).status).toBe(429);
    expect((await signIn(one, 'writer@example.com')).status).toBe(429);
  }, 180_000);

  it('serve an image uploaded through one from one S3 store, and grant a payment confirmed on one and announced to the other once', async () => {
    const s3 = await startS3Peer();
    const stripe = await startStripeFake();
    peers.push(s3, stripe);
    const env = { ...(await sharedSite(engine)), ...storeSettings(s3), ...paymentSettings(stripe) };
    const one = startServer(await freePort(), env);
    const other = startServer(await freePort(), env);
    await Promise.all([waitForHealth(one), waitForHealth(other)]);

    // Uploaded through one: the other takes it as one of the site's own images for an article.
    const writer = await signIn(one, 'writer@example.com');
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(await webp())], { type: 'image/webp' }), 'a.webp');
    const uploaded = await fetch(`${one.url}/api/images`, {
      method: 'POST',
      headers: { cookie: writer.cookie, origin: publicUrl },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { data: { display_url: string } }).data.display_url;
    expect(url.startsWith(`${env.S3_PUBLIC_URL}/`)).toBe(true);
    const served = await fetch(url);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const [seeded] = (await (await call(one, 'GET', '/api/articles?limit=1')).json()) as Article[];
    const posted = await call(other, 'POST', '/api/articles', {
      headers: { cookie: (await signIn(other, 'admin@example.com')).cookie },
      body: JSON.stringify({
        name: 'A picture from the other server',
        publisher: seeded?.publisher,
        tags: ['technology'],
        description: 'One. Two. Three.',
        image: url,
      }),
    });
    expect(posted.status).toBe(201);

    // Paid for on one; Stripe's webhook reaches the other first, then the page confirms on one.
    const reader = await signIn(one, 'reader@example.com');
    const started = await call(one, 'POST', '/api/create-payment-intent', {
      headers: { cookie: reader.cookie },
      body: JSON.stringify({ price: 1 }),
    });
    expect(started.status).toBe(200);
    const { paymentIntentId } = (await started.json()) as PaymentIntent;
    stripe.succeed(paymentIntentId);
    const event = stripe.signedEvent(paymentIntentId);
    const deliver = (server: ServerProcess) =>
      fetch(`${server.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.body,
      });
    expect((await deliver(other)).status).toBe(200);
    const confirmed = await call(one, 'POST', '/api/payments/confirm', {
      headers: { cookie: reader.cookie },
      body: JSON.stringify({ paymentIntentId }),
    });
    expect(confirmed.status).toBe(200);
    expect((await deliver(one)).status).toBe(200);
    const record = (await (
      await call(other, 'GET', '/api/users?email=reader%40example.com', {
        headers: { cookie: reader.cookie },
      })
    ).json()) as UserRecord;
    expect(record.isPremium).toBe(true);
    expect(record.subscriptionHistory).toHaveLength(1);

    // One receipt, though both servers saw the payment and both send from the one queue.
    const outbox = path.join(env.DATA_DIR ?? '', 'outbox');
    const receipts = async () =>
      (await readOutbox(outbox)).filter(
        (m) => m.to === 'reader@example.com' && m.subject.includes('receipt'),
      );
    const deadline = Date.now() + 10_000;
    while ((await receipts()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Both servers look for due mail every 5 seconds: give each a turn.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await receipts()).toHaveLength(1);
  }, 180_000);
});

/** Both servers' images in one S3 bucket (s3rver). */
function storeSettings(s3: ImagePeer): Record<string, string> {
  const images = s3.images;
  if (images.kind !== 's3') throw new Error('not an S3 peer');
  return {
    IMAGE_STORE: 's3',
    S3_BUCKET: images.bucket,
    S3_REGION: images.region,
    S3_ENDPOINT: images.endpoint ?? '',
    S3_ACCESS_KEY_ID: images.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: images.secretAccessKey ?? '',
    S3_PUBLIC_URL: images.publicUrl ?? '',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Both servers' payments through one (fake) Stripe account. */
function paymentSettings(stripe: StripeFake): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.config.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.config.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.config.webhookSecret,
    STRIPE_API_URL: stripe.config.apiUrl ?? '',
  };
}
