import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app';
import { EventBuffer } from './event-buffer.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

const at = Date.parse('2026-07-01T10:00:00Z');
const hour = '2026-07-01T10';

describe('the events held in memory', () => {
  it('are written at the flush, all of them, each column an event leaves out as the table has it', async () => {
    const db = t.app.database.db;
    const buffer = new EventBuffer(db);
    // More than one statement's rows, events of several shapes among them.
    for (let n = 0; n < 1_201; n += 1) {
      if (n % 3 === 0)
        buffer.add({ at, hour, kind: 'pageview', sourceKind: 'search', source: 'google' });
      else if (n % 3 === 1)
        buffer.add({ at, hour, kind: 'engagement', engagedSeconds: 30, scrollDepth: 80 });
      else buffer.add({ at, hour, kind: 'subscription' });
    }
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('analyticsEvent')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(0);

    await buffer.flush();
    expect(await count()).toBe(1_201);
    const subscription = await db
      .selectFrom('analyticsEvent')
      .selectAll()
      .where('kind', '=', 'subscription')
      .executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({
      sourceKind: '',
      source: '',
      device: '',
      articleId: null,
      engagedSeconds: null,
    });

    // Nothing held: a flush writes nothing more.
    await buffer.flush();
    expect(await count()).toBe(1_201);
  });
});
