import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { tableColumns } from '#server/test/schema-columns';
import { signUp } from '#server/test/auth';
import { down, up } from './023-drop-allowed-for.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 023', () => {
  it('drops allowed_for and keeps every user and their other fields', async () => {
    const db = t.app.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    const { user: reader } = await signUp(t.app, { name: 'Rita Reader' });
    expect(await tableColumns(untyped, 'user')).not.toContain('allowed_for');

    await down(untyped);
    expect(await tableColumns(untyped, 'user')).toContain('allowed_for');
    const { rows } = await sql<{ allowedFor: number }>`
      select allowed_for from "user" where id = ${reader.id}`.execute(untyped);
    expect(rows.map((row) => Number(row.allowedFor))).toEqual([1]);

    await up(untyped);
    expect(await tableColumns(untyped, 'user')).not.toContain('allowed_for');
    const kept = await db
      .selectFrom('user')
      .select(['name', 'email'])
      .where('id', '=', reader.id)
      .executeTakeFirst();
    expect(kept).toEqual({ name: 'Rita Reader', email: reader.email });
  });
});
