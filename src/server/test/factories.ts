import { plainTextToBody } from '#shared/article-body/plain-text';
import type { ArticleBody } from '#shared/article-body/schema';
import { articleTextColumns } from '#shared/excerpt';
import type { Db } from '#server/db/database';
import { recordVariants } from '#server/images/variants';

let counter = 0;

/** Inserts a publisher; every field can be overridden. */
export async function createPublisher(db: Db, overrides: { name?: string; logo?: string } = {}) {
  counter += 1;
  const row = await db
    .insertInto('publisher')
    .values({
      name: overrides.name ?? `Test Publisher ${counter}`,
      logo: overrides.logo ?? `/uploads/logo-${counter}.webp`,
      createdAt: new Date().toISOString(),
    })
    .returning(['id', 'name', 'logo'])
    .executeTakeFirstOrThrow();
  return row;
}

export interface ArticleOverrides {
  title?: string;
  image?: string;
  publisherId?: number;
  description?: string;
  /** The body as a document; else the description's paragraphs. */
  body?: ArticleBody;
  tags?: string[];
  isPremium?: boolean;
  isApproved?: boolean;
  viewCount?: number;
  adminMessage?: string | null;
  createdAt?: string;
}

/**
 * Inserts an article by `authorId` (approved and free unless overridden) with its tags; a new
 * publisher is made when none is given. Answers the row's id and what was stored.
 */
export async function createArticle(db: Db, authorId: string, overrides: ArticleOverrides = {}) {
  counter += 1;
  const publisherId = overrides.publisherId ?? (await createPublisher(db)).id;
  const text = articleTextColumns(
    overrides.body ??
      plainTextToBody(
        overrides.description ??
          `Article ${counter} opens here. It goes on. It makes its point. It ends with a fourth sentence.`,
      ),
  );
  const description = text.description;
  const createdAt =
    overrides.createdAt ?? new Date(Date.now() - 1000 * (1000 - counter)).toISOString();
  const tags = overrides.tags ?? ['politics'];
  const { id } = await db
    .insertInto('article')
    .values({
      title: overrides.title ?? `Test Article ${counter}`,
      image: overrides.image ?? uploadedImageUrl(counter),
      publisherId,
      ...text,
      isPremium: overrides.isPremium ?? false,
      viewCount: overrides.viewCount ?? 0,
      isApproved: overrides.isApproved ?? true,
      adminMessage: overrides.adminMessage ?? null,
      authorId,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (tags.length > 0) {
    await db
      .insertInto('articleTag')
      .values(tags.map((tag) => ({ articleId: id, tag })))
      .execute();
  }
  return { id, publisherId, description, tags, createdAt };
}

/** Gives a user premium access for the next hour. */
export async function makePremium(db: Db, userId: string) {
  await db
    .updateTable('user')
    .set({ premiumUntil: new Date(Date.now() + 60 * 60 * 1000).toISOString() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records images as saveUploadedImage does when it stores one (one width, no narrower copies),
 * so that the API takes their URLs for articles and logos; the files themselves need not exist.
 */
export async function recordSavedImages(db: Db, ...urls: string[]): Promise<void> {
  for (const url of urls) await recordVariants(db, url, { width: 640, height: 360 }, []);
}

/** A URL the local image store answers (the file itself need not exist). */
export function uploadedImageUrl(seed: number | string = 0): string {
  return `/uploads/${String(seed).padStart(32, 'a').slice(-32)}.webp`;
}
