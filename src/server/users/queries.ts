import { freePostLimit } from '#shared/rules/posting';
import type { UserRecord } from '#shared/accounts';
import type { Db } from '#server/db/database';
import { toBool, toIso, toIsoOrNull } from '#server/db/values';
import { srcsetOf } from '#server/images/srcset';
import type { UserListItem } from '#shared/api/users';
import { isPremiumAt } from '#shared/rules/premium';

/** One user's record as the spec reads it, with premium derived from the expiry. */
export async function findUserRecord(
  db: Db,
  by: { email: string } | { id: string },
  now = new Date(),
): Promise<UserRecord | null> {
  const user = await db
    .selectFrom('user')
    .select([
      'id',
      'name',
      'email',
      'image',
      'emailVerified',
      'emailNotices',
      'isAdmin',
      'publishedArticles',
      'premiumUntil',
    ])
    .select(srcsetOf('user.image', 'photoSrcset'))
    .$call((q) =>
      'email' in by ? q.where('email', '=', by.email.toLowerCase()) : q.where('id', '=', by.id),
    )
    .executeTakeFirst();
  if (!user) return null;
  const history = await db
    .selectFrom('subscription')
    .select(['price', 'transactionId', 'purchasedAt', 'expiresAt'])
    .where('userId', '=', user.id)
    .orderBy('purchasedAt', 'desc')
    .execute();
  const premiumUntil = toIsoOrNull(user.premiumUntil);
  return {
    ...personOf(user),
    emailVerified: toBool(user.emailVerified),
    emailNotices: toBool(user.emailNotices),
    isAdmin: toBool(user.isAdmin),
    isPremium: isPremiumAt(premiumUntil, now),
    premiumUntil,
    // The spec's field: what every reader without premium may post (not stored per user).
    allowedFor: freePostLimit,
    publishedArticles: user.publishedArticles,
    subscriptionHistory: history.map((entry) => ({
      price: entry.price / 100,
      transactionId: entry.transactionId,
      date: toIso(entry.purchasedAt),
      expiredDate: toIso(entry.expiresAt),
    })),
  };
}

/** Makes an existing user an admin; answers false when no user has that email. */
export async function promoteToAdmin(db: Db, email: string): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ isAdmin: true, updatedAt: new Date().toISOString() })
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One page of users, newest first, and how many there are in all. */
export async function listUsers(
  db: Db,
  page: { page: number; limit: number },
  now = new Date(),
): Promise<{ users: UserListItem[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('user')
      .select(['id', 'name', 'email', 'image', 'isAdmin', 'premiumUntil', 'createdAt'])
      .select(srcsetOf('user.image', 'photoSrcset'))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const users = rows.map((row) => {
    const premiumUntil = toIsoOrNull(row.premiumUntil);
    return {
      ...personOf(row),
      isAdmin: toBool(row.isAdmin),
      isPremium: isPremiumAt(premiumUntil, now),
      createdAt: toIso(row.createdAt),
    };
  });
  return { users, total: Number(count.total) };
}

/** Makes a user an admin by id: 1, or 0 when they already are; null when no user has the id. */
export async function promoteUserById(db: Db, id: string): Promise<0 | 1 | null> {
  const result = await db
    .updateTable('user')
    .set({ isAdmin: true, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('isAdmin', '=', false)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return 1;
  const exists = await db.selectFrom('user').select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 0 : null;
}

/** Changes a user's name and, when given, photo. The email is never changed here. */
export async function updateProfile(
  db: Db,
  userId: string,
  changes: { name: string; image?: string },
) {
  await db
    .updateTable('user')
    .set({
      name: changes.name,
      ...(changes.image ? { image: changes.image } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/** Turns the newsroom's notices on or off for one user (receipts and security mail always go). */
export async function setEmailNotices(db: Db, userId: string, on: boolean): Promise<void> {
  await db.updateTable('user').set({ emailNotices: on }).where('id', '=', userId).execute();
}

/** Who a user is, as the record and the admin's list both name them. */
function personOf<Srcset>(row: {
  id: string;
  name: string;
  email: string;
  image: string | null;
  photoSrcset: Srcset;
}) {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    photoURL: row.image,
    photoSrcset: row.photoSrcset,
  };
}
