import { sql, type Kysely } from 'kysely';
import { premiumExcerpt } from '#shared/excerpt';

/** Articles read and written per statement while filling the new column. */
const batchSize = 500;

/**
 * `premium_excerpt`: what lists show of an article once it is premium, which is never its whole
 * text (src/shared/excerpt.ts). Until now lists showed a premium article's first three
 * sentences, all of a short one. Every stored article gets it here, premium or not, since an
 * admin may make any of them premium later; new and edited articles store it with their text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('article')
    .addColumn('premium_excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // One UPDATE per batch (a CASE over its ids), so a large table is not a round trip per row.
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; description: string }>`
      select id, description from article where id > ${after} order by id limit ${batchSize}
    `.execute(db);
    if (rows.length === 0) break;
    const cases = sql.join(
      rows.map((row) => sql`when ${row.id} then ${premiumExcerpt(row.description)}`),
      sql` `,
    );
    const ids = sql.join(rows.map((row) => sql`${row.id}`));
    await sql`update article set premium_excerpt = case id ${cases} end where id in (${ids})`.execute(
      db,
    );
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('article').dropColumn('premium_excerpt').execute();
}
