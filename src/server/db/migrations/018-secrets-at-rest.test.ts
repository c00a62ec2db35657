import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { toBool } from '#server/db/values';
import { down, up } from './018-secrets-at-rest.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 018', () => {
  it('deletes reset tokens kept in the clear, and empties the handled mail that carried a link', async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    await down(untyped);
    const soon = new Date(Date.now() + 60_000).toISOString();
    for (const [id, identifier] of [
      ['reset', 'reset-password:clearToken123'],
      ['state', 'auth-state:someState'],
    ]) {
      await sql`
        insert into verification (id, identifier, value, expires_at, created_at, updated_at)
        values (${id}, ${identifier}, 'x', ${soon}, ${soon}, ${soon})`.execute(untyped);
    }
    // Messages as they were queued before 018: sent, or still to send (not due during the test).
    const queued: [string, string, string | null, number | null][] = [
      ['reset', 'Choose a new password for Tribune', null, 2],
      ['verify-sent', 'Confirm your email address for Tribune', null, 2],
      ['verify-waiting', 'Confirm your email address for Tribune', null, null],
      ['receipt', 'Your Tribune receipt: Monthly, $1.00', 'receipt:p1', 2],
      ['reminder', 'Your Tribune premium access ends soon', 'premium-reminder:u1:x', 2],
      ['review', 'Your article is published: Choose a new password for Tribune', null, 2],
    ];
    for (const [id, subject, dedupeKey, sentAt] of queued) {
      await sql`
        insert into mail_queue
          (id, to_address, subject, text_body, html_body, dedupe_key, next_attempt_at, sent_at,
           created_at)
        values (${id}, 'r@example.com', ${subject}, ${`${id} text`}, ${`${id} html`},
          ${dedupeKey}, ${Date.now() + 3_600_000}, ${sentAt}, 1)`.execute(untyped);
    }
    await up(untyped);

    const identifiers = await db.selectFrom('verification').select('identifier').execute();
    expect(identifiers.map((row) => row.identifier)).toEqual(['auth-state:someState']);
    const rows = await db
      .selectFrom('mailQueue')
      .select(['id', 'kind', 'carriesSecret', 'subject', 'textBody', 'htmlBody'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, carriesSecret: toBool(row.carriesSecret) }))).toEqual(
      [
        ['receipt', 'receipt', false, 'Your Tribune receipt: Monthly, $1.00'],
        ['reminder', 'premium-reminder', false, 'Your Tribune premium access ends soon'],
        ['reset', 'password-reset', true, ''],
        [
          'review',
          'article-review',
          false,
          'Your article is published: Choose a new password for Tribune',
        ],
        ['verify-sent', 'email-verification', true, ''],
        ['verify-waiting', 'email-verification', true, 'Confirm your email address for Tribune'],
      ].map(([id, kind, carriesSecret, subject]) => ({
        id,
        kind,
        carriesSecret,
        subject,
        textBody: subject ? `${id} text` : '',
        htmlBody: subject ? `${id} html` : '',
      })),
    );
  });
});
