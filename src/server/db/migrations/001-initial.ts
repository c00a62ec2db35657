import { sql, type Kysely } from 'kysely';
import { columnTypes } from '#server/db/column-types';

/**
 * Every table of the product: better-auth's own (user, session, account, verification,
 * rate_limit; the user extended with the product's fields), publishers, articles with their
 * tags, and subscriptions. Each list and search the API offers has an index here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('image', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('is_admin', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('allowed_for', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('published_articles', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('premium_until', t.timestamp)
    .execute();
  // The admin's user list: newest first, paginated.
  await db.schema
    .createIndex('user_created_at_idx')
    .on('user')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('session_user_id_idx').on('session').column('user_id').execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', t.timestamp)
    .addColumn('refresh_token_expires_at', t.timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_user_id_idx').on('account').column('user_id').execute();
  await db.schema
    .createIndex('account_provider_idx')
    .on('account')
    .columns(['provider_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();

  // Shared rate-limit counters, so every server process sees the same attempts.
  await db.schema
    .createTable('rate_limit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_request', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('publisher')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // Publisher names are unique regardless of case ("Daily Star" and "daily star" are one).
  await db.schema
    .createIndex('publisher_name_key')
    .on('publisher')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .createTable('article')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'integer', (c) => c.notNull().references('publisher.id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('is_premium', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_approved', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('admin_message', 'text')
    .addColumn('author_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // Public lists, newest first: all approved, approved premium, approved by publisher.
  await db.schema
    .createIndex('article_approved_created_idx')
    .on('article')
    .columns(['is_approved', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('article_premium_created_idx')
    .on('article')
    .columns(['is_premium', 'is_approved', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('article_publisher_created_idx')
    .on('article')
    .columns(['publisher_id', 'is_approved', 'created_at', 'id'])
    .execute();
  // Trending: approved, most viewed first.
  await db.schema
    .createIndex('article_approved_views_idx')
    .on('article')
    .columns(['is_approved', 'view_count', 'id'])
    .execute();
  // An author's own articles; the admin's moderation list (all articles, newest first).
  await db.schema
    .createIndex('article_author_created_idx')
    .on('article')
    .columns(['author_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('article_created_idx')
    .on('article')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('article_tag')
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('article.id').onDelete('cascade'),
    )
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_tag_pk', ['article_id', 'tag'])
    .execute();
  // Tag search goes from a tag to its articles.
  await db.schema
    .createIndex('article_tag_tag_idx')
    .on('article_tag')
    .columns(['tag', 'article_id'])
    .execute();

  await db.schema
    .createTable('subscription')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('purchased_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_user_idx')
    .on('subscription')
    .columns(['user_id', 'purchased_at'])
    .execute();
  // Statistics count users with an unexpired subscription.
  await db.schema
    .createIndex('user_premium_until_idx')
    .on('user')
    .column('premium_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'subscription',
    'article_tag',
    'article',
    'publisher',
    'rate_limit',
    'verification',
    'account',
    'session',
    'user',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
