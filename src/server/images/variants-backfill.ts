import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { runPeriodically } from '../jobs/periodic.js';
import { storedImageSize, variantsOf, type ImageSize } from './process.js';
import type { ImageStore } from './store.js';
import { putVariants, recordVariants } from './variants.js';

/** Articles looked at per run: a bounded amount of work, however many there are. */
const articlesPerRun = 200;

/** Where the backfill stands: the article id after which the next run starts. */
export interface BackfillCursor {
  after: number;
  /** Whether this pass over the articles has given any image its variants yet. */
  recordedThisPass: boolean;
  /** Set once a whole pass found nothing to do: the job stops. */
  done: boolean;
}

export function newBackfillCursor(): BackfillCursor {
  return { after: 0, recordedThisPass: false, done: false };
}

/**
 * Gives article images stored before variants existed (an older version's uploads, its demo
 * content) their narrower copies: looks at the next articles in id order, reads each image of
 * this store that has no recorded variants, makes and stores them, and records them. Images
 * whose variants were recorded before their heights were get those (from the image's header). New
 * uploads get theirs when they are stored (save.ts), so once a whole pass finds nothing to do
 * the job is done. An image the store cannot read (its file is gone) is left as it is: the page
 * shows it at its one width. Kept lists and pages that show the image are invalidated by the
 * database (migration 011). Answers how many images were given variants.
 */
export async function backfillVariants(
  db: Db,
  store: Pick<ImageStore, 'owns' | 'put'> & Required<Pick<ImageStore, 'read'>>,
  cursor: BackfillCursor,
  signal?: AbortSignal,
): Promise<number> {
  const articles = await db
    .selectFrom('article')
    .select(['id', 'image'])
    .where('id', '>', cursor.after)
    .orderBy('id')
    .limit(articlesPerRun)
    .execute();
  const images = [...new Set(articles.map((article) => article.image))].filter((url) =>
    store.owns(url),
  );
  // Each image's own row (its URL at its own width): missing, the image has no variants yet;
  // without a height, it was recorded before heights were (migration 013).
  const recorded =
    images.length === 0
      ? []
      : await db
          .selectFrom('imageVariant')
          .select(['image', 'height'])
          .where('image', 'in', images)
          .whereRef('url', '=', 'image')
          .execute();
  const heights = new Map(recorded.map((row) => [row.image, row.height]));

  let count = 0;
  for (const url of images) {
    const height = heights.get(url);
    if (height != null || signal?.aborted) continue;
    const bytes = await store.read(url).catch(() => undefined);
    if (!bytes) continue;
    if (height === null) {
      await recordHeights(db, url, await storedImageSize(bytes));
    } else {
      const { variants, ...size } = await variantsOf(bytes);
      await recordVariants(db, url, size, await putVariants(store, variants));
    }
    count += 1;
  }

  cursor.recordedThisPass ||= count > 0;
  if (articles.length < articlesPerRun && !signal?.aborted) {
    cursor.done = !cursor.recordedThisPass;
    cursor.after = 0;
    cursor.recordedThisPass = false;
  } else {
    cursor.after = articles.at(-1)?.id ?? cursor.after;
  }
  return count;
}

/**
 * The heights of an image's recorded widths, from its own size: each copy was scaled from it
 * keeping its proportions, as images/process.ts makes them.
 */
async function recordHeights(db: Db, image: string, size: ImageSize): Promise<void> {
  await db
    .updateTable('imageVariant')
    .set({
      height: sql<number>`cast(round(${size.height} * 1.0 * width / ${size.width}) as integer)`,
    })
    .where('image', '=', image)
    .execute();
}

/**
 * Runs the backfill every `intervalMs`, from the first moment the app is ready, until a whole
 * pass finds nothing to do; only for stores that can read their images back (local disk, S3).
 */
export const variantsBackfillPlugin = fp<{ intervalMs?: number }>(
  async (app, { intervalMs = 60_000 }) => {
    const store = app.images;
    if (!store.read) return;
    const readable = {
      owns: store.owns.bind(store),
      put: store.put.bind(store),
      read: store.read.bind(store),
    };
    const cursor = newBackfillCursor();
    runPeriodically(app, 'giving stored images their narrower copies', intervalMs, (signal) =>
      cursor.done
        ? Promise.resolve(0)
        : backfillVariants(app.database.db, readable, cursor, signal),
    );
  },
  { name: 'image-variants-backfill', dependencies: ['database'] },
);
