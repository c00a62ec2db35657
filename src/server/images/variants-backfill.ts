import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import { runPeriodically } from '#server/jobs/periodic';
import { imageVariantWidths } from './limits.js';
import { storedImageSize, variantsOf, type ImageSize } from './process.js';
import type { ImageStore } from './store.js';
import { putVariants, recordVariants } from './variants.js';

/** Rows of each kind looked at per run: a bounded amount of work, however many there are. */
const rowsPerRun = 200;

/**
 * What holds images, in the order a pass walks them. Photos and logos are drawn small (36 to
 * 128 px), so one of those recorded without the narrowest copy (stored before it existed) is
 * given it; an article's picture is drawn wide and never needs it, and making it for every older
 * picture would re-encode each of them once.
 */
const holders = ['article', 'user', 'publisher'] as const;
type Holder = (typeof holders)[number];
const needsNarrowest: Record<Holder, boolean> = { article: false, user: true, publisher: true };
const narrowest = imageVariantWidths[0];

/** Where the backfill stands: which holder it walks, and the id after which its next run starts. */
export interface BackfillCursor {
  holder: number;
  after: number | string | null;
  /** Whether this pass has given any image its variants yet. */
  recordedThisPass: boolean;
  /** Set once a whole pass found nothing to do: the job stops. */
  done: boolean;
}

export function newBackfillCursor(): BackfillCursor {
  return { holder: 0, after: null, recordedThisPass: false, done: false };
}

/**
 * Gives images stored before variants existed (an older version's uploads, its demo content)
 * their narrower copies: looks at the next articles (then people, then publishers) in id order,
 * reads each image of this store that has no recorded variants, makes and stores them, and
 * records them; a photo or logo without the narrowest copy gets its copies too. Images whose
 * variants were recorded before their heights were get those (from the image's header). New
 * uploads get theirs when they are stored (save.ts), so once a whole pass finds nothing to do
 * the job is done. An image the store cannot read (its file is gone) is left as it is: the page
 * shows it at its one width. Kept lists and pages that show the image are invalidated by the
 * database (migrations 011, 015, 016). Answers how many images were given variants.
 */
export async function backfillVariants(
  db: Db,
  store: Pick<ImageStore, 'owns' | 'put'> & Required<Pick<ImageStore, 'read'>>,
  cursor: BackfillCursor,
  signal?: AbortSignal,
): Promise<number> {
  let count = 0;
  for (;;) {
    const holder = holders[cursor.holder] ?? 'article';
    const rows = await imagesAfter(db, holder, cursor.after);
    const given = await giveVariants(
      db,
      store,
      rows.map((row) => row.image),
      needsNarrowest[holder],
      signal,
    );
    count += given;
    cursor.recordedThisPass ||= given > 0;
    if (signal?.aborted) return count;
    if (rows.length === rowsPerRun) {
      cursor.after = rows.at(-1)?.id ?? cursor.after;
      return count;
    }
    // This holder is walked: on to the next, or the pass is over.
    cursor.after = null;
    if (cursor.holder < holders.length - 1) {
      cursor.holder += 1;
      continue;
    }
    cursor.done = !cursor.recordedThisPass;
    cursor.holder = 0;
    cursor.recordedThisPass = false;
    return count;
  }
}

/** The next images of one holder after `after` in id order (people without a photo skipped). */
function imagesAfter(
  db: Db,
  holder: Holder,
  after: number | string | null,
): Promise<{ id: number | string; image: string }[]> {
  switch (holder) {
    case 'article':
    case 'publisher':
      // Numbered rows with one image each: a publisher's is its logo.
      return db
        .selectFrom(holder)
        .select(['id', holder === 'article' ? 'image' : 'logo as image'])
        .$if(after !== null, (q) => q.where('id', '>', Number(after)))
        .orderBy('id')
        .limit(rowsPerRun)
        .execute();
    case 'user':
      return db
        .selectFrom('user')
        .select(['id', 'image'])
        .where('image', 'is not', null)
        .$if(after !== null, (q) => q.where('id', '>', String(after)))
        .orderBy('id')
        .limit(rowsPerRun)
        .$narrowType<{ image: string }>()
        .execute();
  }
}

/** Gives each of `urls` this store owns what it lacks (see backfillVariants); answers how many. */
async function giveVariants(
  db: Db,
  store: Pick<ImageStore, 'owns' | 'put'> & Required<Pick<ImageStore, 'read'>>,
  urls: string[],
  wantsNarrowest: boolean,
  signal?: AbortSignal,
): Promise<number> {
  const images = [...new Set(urls)].filter((url) => store.owns(url));
  if (images.length === 0) return 0;
  // Each image's own row (its URL at its own width): missing, the image has no variants yet;
  // without a height, it was recorded before heights were (migration 013). And its narrowest
  // copy's row, where there is one.
  const recorded = await db
    .selectFrom('imageVariant')
    .select(['image', 'url', 'width', 'height'])
    .where('image', 'in', images)
    .where((eb) => eb.or([eb('url', '=', eb.ref('image')), eb('width', '=', narrowest)]))
    .execute();
  let count = 0;
  for (const url of images) {
    if (signal?.aborted) break;
    const own = recorded.find((row) => row.image === url && row.url === url);
    const lacksNarrowest =
      wantsNarrowest &&
      own !== undefined &&
      own.width > narrowest &&
      !recorded.some((row) => row.image === url && row.width === narrowest);
    if (own !== undefined && own.height !== null && !lacksNarrowest) continue;
    const bytes = await store.read(url).catch(() => undefined);
    if (!bytes) continue;
    if (own !== undefined && own.height === null) {
      await recordHeights(db, url, await storedImageSize(bytes));
    } else {
      const { variants, ...size } = await variantsOf(bytes);
      await recordVariants(db, url, size, await putVariants(store, variants));
    }
    count += 1;
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
