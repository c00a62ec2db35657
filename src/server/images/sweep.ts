import fp from 'fastify-plugin';
import type { Db } from '#server/db/database';
import { sweepBatchSize } from '#server/jobs/batches';
import { runPeriodically } from '#server/jobs/periodic';
import type { ImageStore } from './store.js';

/** How long an image may go unused before it is deleted: time to finish the form it is for. */
export const unusedImageMs = 24 * 60 * 60 * 1000;

/** Where the sweeper stands in a store's images: the URL after which its next batch starts. */
export interface SweepCursor {
  after: string;
}

/**
 * Looks at the next batch (up to 1,000) of the images this store holds, in URL order, and
 * deletes those stored over a day ago that nothing refers to: no article's image, no edit's
 * awaiting review, no user's photo, no publisher's logo (each column has an index). The files go first, then their
 * records, so a store that fails leaves the records for the next run. The cursor moves on, and
 * starts again from the beginning after the last batch; each run does a bounded amount of
 * work however many images there are. An image's variants are deleted with it. Answers how
 * many images were deleted.
 *
 * A table that starts holding image URLs must be added to the check below.
 */
export async function sweepUnusedImages(
  db: Db,
  store: Pick<ImageStore, 'kind'> & Required<Pick<ImageStore, 'remove'>>,
  now: number,
  cursor: SweepCursor,
): Promise<number> {
  const batch = await db
    .selectFrom('storedImage')
    .select('url')
    .where('store', '=', store.kind)
    .where('url', '>', cursor.after)
    .orderBy('url')
    .limit(sweepBatchSize)
    .execute();
  cursor.after = batch.length < sweepBatchSize ? '' : (batch.at(-1)?.url ?? '');
  if (batch.length === 0) return 0;

  const cutoff = new Date(now - unusedImageMs).toISOString();
  const unused = await db
    .selectFrom('storedImage as s')
    .select('s.url')
    .where(
      's.url',
      'in',
      batch.map((row) => row.url),
    )
    .where('s.storedAt', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('article').select('article.id').whereRef('article.image', '=', 's.url')),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('articleRevision')
            .select('articleRevision.id')
            .whereRef('articleRevision.image', '=', 's.url'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('user').select('user.id').whereRef('user.image', '=', 's.url'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('publisher').select('publisher.id').whereRef('publisher.logo', '=', 's.url'),
        ),
      ),
    )
    .execute();
  if (unused.length === 0) return 0;

  const urls = unused.map((row) => row.url);
  // Its narrower copies go with it (at most three each, so one call still holds them all).
  const variants = await db
    .selectFrom('imageVariant')
    .select('url')
    .where('image', 'in', urls)
    .where('url', 'not in', urls)
    .execute();
  await store.remove([...urls, ...variants.map((variant) => variant.url)]);
  // An image stored again meanwhile is new again: its record stays.
  await db
    .deleteFrom('storedImage')
    .where('url', 'in', urls)
    .where('storedAt', '<', cutoff)
    .execute();
  await db.deleteFrom('imageVariant').where('image', 'in', urls).execute();
  return urls.length;
}

/**
 * Sweeps unused images every `intervalMs` (a minute by default), a batch a run, when the store
 * can delete (local disk, S3; imgbb cannot).
 */
export const imageSweepPlugin = fp<{ intervalMs?: number }>(
  async (app, { intervalMs = 60_000 }) => {
    const store = app.images;
    if (!store.remove) return;
    const deletable = { kind: store.kind, remove: store.remove.bind(store) };
    const cursor: SweepCursor = { after: '' };
    runPeriodically(app, 'sweeping unused images', intervalMs, () =>
      sweepUnusedImages(app.database.db, deletable, app.clock().getTime(), cursor),
    );
  },
  { name: 'image-sweep', dependencies: ['database'] },
);
