import { sql, type Kysely } from 'kysely';

/**
 * The user's `allowed_for` column goes: every row held 1, nothing read it, and the number of
 * articles a reader without premium may post is the rule's own constant (`freePostLimit`,
 * src/shared/rules/posting.ts), which the user record still answers as `allowedFor`. Neither
 * engine's indexes nor triggers name the column, so both drop it in place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" drop column allowed_for`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table "user" add column allowed_for integer not null default 1`.execute(db);
}
