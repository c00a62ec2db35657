import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { readOutbox } from '../test/outbox.js';
import { compose } from './templates.js';

let t: TestApp;
let production: TestApp;
let file: string;

beforeAll(async () => {
  [t, production] = await Promise.all([
    createTestApp({ mailIntervalMs: 20 }),
    createTestApp({ env: 'production' }),
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
afterAll(() => Promise.all([t.close(), production.close()]));

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
