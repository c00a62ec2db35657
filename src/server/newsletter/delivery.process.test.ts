import { afterEach, describe, expect, it } from 'vitest';
import type { Article } from '#shared/articles';
import { loadConfig } from '#server/config';
import { openDatabase, type DatabaseHandle } from '#server/db/database';
import {
  freePort,
  startServer,
  stopAll,
  waitForHealth,
  type ServerProcess,
} from '#server/test/processes';
import { dropSharedSchemas, engines, sharedSite } from '#server/test/shared-site';
import { smtpConnections } from '#server/mail/transport';
import { startSmtpPeer, type SmtpPeer } from '#server/test/smtp-peer';

// A send as servers live it: killed mid-send with SIGKILL, then finished by two others sharing
// it, on each engine. Every subscriber is mailed, and none twice but those in flight (as many as
// the server's SMTP connections).
const publicUrl = 'http://news.test';
const subscriberCount = 150;
const ended: { close(): Promise<unknown> }[] = [];

afterEach(async () => {
  stopAll();
  for (const thing of ended.splice(0).reverse()) await thing.close();
  await dropSharedSchemas();
});

async function until(ok: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  cookie = '',
) {
  return fetch(server.url + path, {
    method,
    headers: {
      origin: publicUrl,
      cookie,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function adminCookie(server: ServerProcess): Promise<string> {
  const res = await call(server, 'POST', '/api/auth/sign-in/email', {
    email: 'admin@example.com',
    password: 'Tribune123',
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Confirmed subscribers of the digest, written straight to the shared database. */
async function addSubscribers(handle: DatabaseHandle): Promise<string[]> {
  const now = new Date().toISOString();
  const emails = Array.from({ length: subscriberCount }, (_, n) => `sub${n}@example.com`);
  await handle.db
    .insertInto('newsletterSubscriber')
    .values(
      emails.map((email) => ({
        email,
        status: 'confirmed' as const,
        digest: true,
        createdAt: now,
        updatedAt: now,
        confirmedAt: now,
      })),
    )
    .execute();
  return emails;
}

describe.each(engines)('a newsletter send on %s', (engine) => {
  it('resumes after a server is killed, shared by two others, each reader mailed once but those in flight', async () => {
    const smtp: SmtpPeer = await startSmtpPeer();
    ended.push(smtp);
    const env = {
      ...(await sharedSite(engine, publicUrl)),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tribune <news@news.test>',
      NEWSLETTER_RATE: '40',
    };
    const first = startServer(await freePort(), env);
    await waitForHealth(first);
    const handle = openDatabase(loadConfig(env).database);
    ended.push(handle);
    const emails = await addSubscribers(handle);

    const cookie = await adminCookie(first);
    const [article] = (await (
      await call(first, 'GET', '/api/articles?limit=1')
    ).json()) as Article[];
    const sent = await call(
      first,
      'POST',
      '/api/newsletter/sends',
      { articleId: Number(article!._id) },
      cookie,
    );
    expect(sent.status).toBe(202);
    expect(((await sent.json()) as { recipients: number }).recipients).toBe(subscriberCount);
    const mine = () => smtp.received.filter((mail) => mail.subject === article!.name);

    // Killed mid-send, with no chance to finish what it holds.
    await until(() => mine().length >= 20, 'the first server sending');
    first.child.kill('SIGKILL');
    await first.exited;
    const beforeKill = mine().length;
    expect(beforeKill).toBeLessThan(subscriberCount);
    // The minute's lease on the killed server's claim, passed.
    await handle.db
      .updateTable('newsletterDelivery')
      .set({ claimedUntil: null })
      .where('status', '=', 'queued')
      .execute();

    const second = startServer(await freePort(), env);
    const third = startServer(await freePort(), env);
    await Promise.all([waitForHealth(second), waitForHealth(third)]);
    await until(async () => {
      const send = await handle.db
        .selectFrom('newsletterSend')
        .select('status')
        .executeTakeFirstOrThrow();
      return send.status === 'done';
    }, 'the send finishing');

    const copies = new Map<string, number>();
    for (const mail of mine()) {
      for (const to of mail.to) copies.set(to, (copies.get(to) ?? 0) + 1);
    }
    expect([...copies.keys()].sort()).toEqual([...emails].sort());
    const repeated = [...copies.values()].filter((n) => n > 1);
    expect(repeated.length).toBeLessThanOrEqual(smtpConnections);
    expect(mine().length).toBeLessThanOrEqual(subscriberCount + smtpConnections);
    const states = await handle.db
      .selectFrom('newsletterDelivery')
      .select(({ fn }) => ['status', fn.countAll<number | string>().as('count')])
      .groupBy('status')
      .execute();
    expect(states.map((s) => [s.status, Number(s.count)])).toEqual([['sent', subscriberCount]]);
  }, 120_000);
});
