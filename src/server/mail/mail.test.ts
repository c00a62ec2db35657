import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/database';
import { createTestApp, type TestApp } from '#server/test/app';
import { createTestClock, type TestClock } from '#server/test/clock';
import { readOutbox } from '#server/test/outbox';
import { startSmtpPeer, type SmtpPeer } from '#server/test/smtp-peer';
import { maxAttempts, retryDelayMs } from './queue.js';
import { compose } from './templates.js';

const ended: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const thing of ended.splice(0).reverse()) await thing.close();
});

async function smtpApp(clock?: TestClock): Promise<{ t: TestApp; smtp: SmtpPeer }> {
  const smtp = await startSmtpPeer();
  ended.push(smtp);
  const t = await createTestApp(
    {
      mail: { kind: 'smtp', url: smtp.url, from: 'Tribune <news@tribune.test>' },
      mailIntervalMs: 20,
    },
    { clock: clock?.now },
  );
  ended.push(t);
  return { t, smtp };
}

function letter(app: FastifyInstance, to: string, subject: string, secret = false) {
  return compose(app.mail.site, {
    to,
    kind: secret ? 'password-reset' : 'article-review',
    secret,
    subject,
    greeting: 'Hello,',
    paragraphs: ['A test.'],
    action: { label: 'Go', url: `${app.mail.site.publicUrl}/reset-password?token=s3cret` },
  });
}

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`not reached within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const queueRow = (t: TestApp, subject: string) =>
  t.app.database.db
    .selectFrom('mailQueue')
    .selectAll()
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();

const onlyRow = (t: TestApp) =>
  t.app.database.db.selectFrom('mailQueue').selectAll().executeTakeFirstOrThrow();

describe('mail through SMTP_URL', () => {
  it('is handed to the SMTP server with the URL’s credentials, from MAIL_FROM', async () => {
    const { t, smtp } = await smtpApp();
    await t.app.mail.send(t.app.database.db, letter(t.app, 'reader@example.com', 'Hello there'));
    const [mail] = await until(
      () => smtp.received,
      (r) => r.length === 1,
    );
    expect(mail).toMatchObject({
      from: 'news@tribune.test',
      to: ['reader@example.com'],
      subject: 'Hello there',
    });
    expect(mail?.text).toContain(t.config.publicUrl);
    // Marked sent once the server has taken it.
    await until(
      () => queueRow(t, 'Hello there'),
      (row) => row.sentAt !== null,
    );
  });

  it('is tried again after a failure, once its wait is over, and arrives once', async () => {
    const clock = createTestClock();
    const { t, smtp } = await smtpApp(clock);
    smtp.failNext(1);
    await t.app.mail.send(t.app.database.db, letter(t.app, 'reader@example.com', 'Retry me'));
    const failed = await until(
      () => queueRow(t, 'Retry me'),
      (row) => row.lastError !== null,
    );
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(Number(failed.nextAttemptAt)).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(failed.lastError).toContain('451');
    // Not before its time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(0);
    clock.advance(retryDelayMs(1));
    await until(
      () => smtp.received,
      (r) => r.length === 1,
    );
    // The row is marked once the server has taken the mail, a moment after it arrives there.
    const sent = await until(
      () => queueRow(t, 'Retry me'),
      (row) => row.sentAt !== null,
    );
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(1);
  });

  it('is given up on after its last try, and says so', async () => {
    const clock = createTestClock();
    const { t, smtp } = await smtpApp(clock);
    smtp.failNext(maxAttempts);
    await t.app.mail.send(t.app.database.db, letter(t.app, 'reader@example.com', 'Never'));
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      await until(
        () => queueRow(t, 'Never'),
        (row) => row.attempts === attempt && row.claimedUntil === null,
      );
      clock.advance(retryDelayMs(attempt));
    }
    const row = await queueRow(t, 'Never');
    expect(row.failedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await queueRow(t, 'Never')).attempts).toBe(maxAttempts);
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps a secret link until it is sent, then only whom it went to, its kind and when', async () => {
    const clock = createTestClock();
    const { t, smtp } = await smtpApp(clock);
    smtp.failNext(1);
    await t.app.mail.send(t.app.database.db, letter(t.app, 'r@example.com', 'Reset', true));
    // Still to send: the message stays whole.
    const waiting = await until(
      () => onlyRow(t),
      (row) => row.lastError !== null,
    );
    expect(waiting).toMatchObject({ subject: 'Reset', sentAt: null });
    expect(waiting.textBody).toContain('token=s3cret');
    clock.advance(retryDelayMs(1));
    const sent = await until(
      () => onlyRow(t),
      (row) => row.sentAt !== null,
    );
    expect(smtp.received[0]?.text).toContain('token=s3cret');
    expect(sent).toMatchObject({
      toAddress: 'r@example.com',
      kind: 'password-reset',
      subject: '',
      textBody: '',
      htmlBody: '',
      createdAt: waiting.createdAt,
    });
  });

  it('forgets a secret link given up on as well', async () => {
    const clock = createTestClock();
    const { t, smtp } = await smtpApp(clock);
    smtp.failNext(maxAttempts);
    await t.app.mail.send(t.app.database.db, letter(t.app, 'r@example.com', 'Reset', true));
    for (let attempt = 1; attempt < maxAttempts; attempt += 1) {
      await until(
        () => onlyRow(t),
        (row) => row.attempts === attempt && row.claimedUntil === null,
      );
      clock.advance(retryDelayMs(attempt));
    }
    const givenUp = await until(
      () => onlyRow(t),
      (row) => row.failedAt !== null,
    );
    expect(givenUp).toMatchObject({ kind: 'password-reset', subject: '', textBody: '' });
  });

  it('goes once from two servers sending from one queue', async () => {
    const { t, smtp } = await smtpApp();
    const other = await buildApp(t.config, { database: openDatabase(t.config.database) });
    ended.push(other);
    await other.ready();
    const subjects = Array.from({ length: 30 }, (_, i) => `Message ${i}`);
    await Promise.all(
      subjects.map((subject, i) => {
        const app = i % 2 ? t.app : other;
        return app.mail.send(app.database.db, letter(app, `reader${i}@example.com`, subject));
      }),
    );
    await until(
      () => smtp.received,
      (r) => r.length >= subjects.length,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([...subjects].sort());
  });

  it('queues a message with a dedupe key once, whoever queues it', async () => {
    const { t, smtp } = await smtpApp();
    const db = t.app.database.db;
    const first = await t.app.mail.send(db, letter(t.app, 'r@example.com', 'Once'), 'notice:1');
    const second = await t.app.mail.send(db, letter(t.app, 'r@example.com', 'Once'), 'notice:1');
    expect([first, second]).toEqual([true, false]);
    await until(
      () => smtp.received,
      (r) => r.length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(1);
  });

  it('is not queued when the write that caused it rolls back', async () => {
    const { t, smtp } = await smtpApp();
    await expect(
      t.app.database.db.transaction().execute(async (trx) => {
        await t.app.mail.send(trx, letter(t.app, 'r@example.com', 'Rolled back'));
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(0);
    const rows = await t.app.database.db.selectFrom('mailQueue').select('id').execute();
    expect(rows).toHaveLength(0);
  });
});

describe('the local outbox', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    const t = await createTestApp({ mailIntervalMs: 20 });
    ended.push(t);
    await t.app.mail.send(t.app.database.db, letter(t.app, 'reader@example.com', 'To the outbox'));
    const dir = t.config.mail.kind === 'outbox' ? t.config.mail.dir : '';
    expect(dir).toBe(`${t.config.dataDir}/outbox`);
    const [mail] = await until(
      () => readOutbox(dir),
      (mails) => mails.length === 1,
    );
    expect(mail).toMatchObject({ to: 'reader@example.com', subject: 'To the outbox' });
    expect(mail?.file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[\w-]+\.eml$/);
  });

  it('signs each message with DKIM when DKIM_* are set', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tribune-dkim-'));
    ended.push({ close: () => rm(dir, { recursive: true, force: true }) });
    const signed = await createTestApp({
      mailIntervalMs: 20,
      mail: {
        kind: 'outbox',
        dir,
        from: 'Tribune <news@news.example.com>',
        dkim: {
          domainName: 'news.example.com',
          keySelector: 'mail2026',
          privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      },
    });
    ended.push(signed);
    await signed.app.mail.send(
      signed.app.database.db,
      letter(signed.app, 'reader@example.com', 'Signed'),
    );
    const [mail] = await until(
      () => readOutbox(dir),
      (mails) => mails.length === 1,
    );
    const raw = await readFile(path.join(dir, mail!.file), 'utf8');
    const signature = /^DKIM-Signature: (.*(?:\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
    expect(signature).toMatch(/\ba=rsa-sha256;/);
    expect(signature).toMatch(/\bd=news\.example\.com;/);
    expect(signature).toMatch(/\bs=mail2026;/);
    expect(signature).toMatch(/\bb=[A-Za-z0-9+/=\s]{100,}/);
  });
});
