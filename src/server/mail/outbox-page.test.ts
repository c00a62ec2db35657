import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { readOutbox } from '#server/test/outbox';
import { compose } from './templates.js';

let t: TestApp;
let production: TestApp;
let behindProxy: TestApp;
let file: string;

beforeAll(async () => {
  [t, production, behindProxy] = await Promise.all([
    createTestApp({ mailIntervalMs: 20 }),
    createTestApp({ env: 'production' }),
    createTestApp({ trustProxy: true }),
  ]);
  await t.app.mail.send(
    t.app.database.db,
    compose(t.app.mail.site, {
      to: 'reader@example.com',
      kind: 'password-reset',
      secret: true,
      subject: 'Your <script> link',
      greeting: 'Hello <img src=x onerror=alert(1)>,',
      paragraphs: ['Follow it.'],
      action: { label: 'Go', url: `${t.config.publicUrl}/reset-password?token=abc&x="y"` },
    }),
  );
  const dir = t.config.mail.kind === 'outbox' ? t.config.mail.dir : '';
  const deadline = Date.now() + 5_000;
  while ((await readOutbox(dir)).length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  file = (await readOutbox(dir))[0]?.file ?? '';
});
afterAll(() => Promise.all([t.close(), production.close(), behindProxy.close()]));

describe('/dev/outbox', () => {
  it('lists the outbox’s messages, escaped, each linking to itself', async () => {
    const res = await t.app.inject({ url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<a href="/dev/outbox/${file}">Your &lt;script&gt; link</a>`);
    expect(res.body).not.toContain('<script>');
  });

  it('shows a message’s text with its links clickable and nothing of it as markup', async () => {
    const res = await t.app.inject({ url: `/dev/outbox/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<a href="${t.config.publicUrl}/reset-password?token=abc&amp;x=&quot;y&quot;">`,
    );
    expect(res.body).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(res.body).not.toContain('<img');
  });

  it('reads nothing but outbox files', async () => {
    for (const url of [
      '/dev/outbox/..%2Fauth-secret',
      '/dev/outbox/tribune.db',
      '/dev/outbox/x.eml',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('is not there in production', async () => {
    const res = await production.app.inject({ url: '/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('/dev/outbox, shown to this machine only', () => {
  const refusal = {
    error: 'forbidden',
    message:
      'The outbox is shown only to a browser on the machine the server runs on, not over the ' +
      'network or through a proxy: open /dev/outbox there, at localhost.',
  };

  it('is refused to a client connecting from another address, and shown to loopback ones', async () => {
    for (const remoteAddress of ['192.0.2.7', '::ffff:192.0.2.7', 'fd00::7', '10.127.0.1']) {
      for (const url of ['/dev/outbox', `/dev/outbox/${file}`, '/dev/outbox/x.eml']) {
        const res = await t.app.inject({ url, remoteAddress });
        expect([res.statusCode, res.json()], `${remoteAddress} ${url}`).toEqual([403, refusal]);
      }
      // The rest of the app is everyone's.
      const health = await t.app.inject({ url: '/api/health/live', remoteAddress });
      expect(health.statusCode).toBe(200);
    }
    for (const remoteAddress of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ url: `/dev/outbox/${file}`, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });

  it('over the network, answers at 127.0.0.1 and refuses at this machine’s other addresses', async () => {
    await t.app.listen({ host: '0.0.0.0', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const local = await fetch(`http://127.0.0.1:${port}/dev/outbox`);
    expect(local.status).toBe(200);
    const others = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal);
    for (const other of others) {
      const res = await fetch(`http://${other?.address}:${port}/dev/outbox`);
      expect([res.status, await res.json()], other?.address).toEqual([403, refusal]);
    }
  });

  it('under TRUST_PROXY, stays closed to a client whose X-Forwarded-For claims loopback', async () => {
    for (const claim of ['127.0.0.1', '::1']) {
      const res = await behindProxy.app.inject({
        url: '/dev/outbox',
        remoteAddress: '192.0.2.7',
        headers: { 'x-forwarded-for': claim },
      });
      expect([res.statusCode, res.json()], claim).toEqual([403, refusal]);
    }
    const own = await behindProxy.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(own.statusCode).toBe(200);
  });

  it('is refused to a request that a proxy or tunnel on this machine passes on', async () => {
    for (const app of [t.app, behindProxy.app]) {
      for (const [name, value] of [
        ['x-forwarded-for', '203.0.113.9'],
        ['forwarded', 'for=203.0.113.9'],
        ['x-real-ip', '203.0.113.9'],
      ] as const) {
        const res = await app.inject({
          url: '/dev/outbox',
          remoteAddress: '127.0.0.1',
          headers: { [name]: value },
        });
        expect([res.statusCode, res.json()], name).toEqual([403, refusal]);
      }
    }
  });
});
