import { variantsOf, type ImageSize } from '#server/images/process';
import type { ImageStore } from '#server/images/store';
import { putVariants, type StoredVariant } from '#server/images/variants';
import { articleDrafts, type ArticleDraft } from './articles/index.js';
import { articleImageSvg } from './images/article.js';
import { avatarSvg } from './images/avatar.js';
import { logoSvg } from './images/logo.js';
import { svgToWebp } from './images/svg.js';
import { demoPeople, type DemoPerson } from './people.js';
import { demoPublishers, type DemoPublisher } from './publishers.js';

/** An image stored as an upload is (images/save.ts): its URL, its size and its narrower copies. */
export interface StoredDemoImage {
  image: string;
  size: ImageSize;
  variants: StoredVariant[];
}

/** The demo content paired with the URLs of its stored images. */
export interface DemoMedia {
  publishers: { publisher: DemoPublisher; logo: StoredDemoImage }[];
  people: { person: DemoPerson; avatar: StoredDemoImage }[];
  articles: ({ draft: ArticleDraft } & StoredDemoImage)[];
}

/**
 * Draws and stores every demo image. Runs before the seed's transaction: it is CPU work and file
 * I/O that must not hold the database. The images depend only on the content, so a second run
 * writes the same content-addressed files again instead of new ones.
 */
export async function createDemoMedia(images: ImageStore): Promise<DemoMedia> {
  // Every image comes in several widths, as uploads do (images/process.ts).
  const storeWithVariants = async (svg: string, quality: number): Promise<StoredDemoImage> => {
    const bytes = await svgToWebp(svg, quality);
    const { width, height, variants } = await variantsOf(bytes);
    const [image, stored] = await Promise.all([
      images.put(bytes, 'webp'),
      putVariants(images, variants),
    ]);
    return { image, size: { width, height }, variants: stored };
  };
  const [publishers, people, articles] = await Promise.all([
    Promise.all(
      demoPublishers.map(async (publisher) => ({
        publisher,
        logo: await storeWithVariants(
          logoSvg(publisher.initials, publisher.emblem, publisher.colours),
          85,
        ),
      })),
    ),
    Promise.all(
      demoPeople.map(async (person) => ({
        person,
        avatar: await storeWithVariants(avatarSvg(person.look), 80),
      })),
    ),
    Promise.all(
      articleDrafts.map(async (draft) => ({
        draft,
        ...(await storeWithVariants(articleImageSvg(draft.title, draft.tags[0]), 75)),
      })),
    ),
  ]);
  return { publishers, people, articles };
}
