import { articleBodyMessages } from '#shared/article-body/messages';
import type { ArticleBody, BodyBlock } from '#shared/article-body/schema';
import type { Db } from '#server/db/database';
import { AppError } from '#server/errors';
import type { ImageStore } from '#server/images/store';
import { isSavedImage } from '#server/images/variants';

/** Each picture of a body with the path of its node, as a refusal names it. */
export function bodyImages(body: ArticleBody): { src: string; path: string }[] {
  const found: { src: string; path: string }[] = [];
  const walk = (blocks: BodyBlock[], path: string) => {
    blocks.forEach((block, i) => {
      const at = `${path}.content.${i}`;
      if (block.type === 'image') found.push({ src: block.attrs.src, path: `${at}.attrs.src` });
      else if (block.type === 'blockquote') walk(block.content, at);
      else if (block.type === 'bulletList' || block.type === 'orderedList') {
        block.content.forEach((item, j) => walk(item.content, `${at}.content.${j}`));
      }
    });
  };
  walk(body.content, 'body');
  return found;
}

/**
 * Refuses a body showing a picture that was not uploaded here (400 naming the node), as the
 * cover must be; `kept` are pictures the article already shows, which stay whatever the store.
 */
export async function requireStoredBodyImages(
  db: Db,
  store: Pick<ImageStore, 'owns'>,
  body: ArticleBody,
  kept: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const { src, path } of bodyImages(body)) {
    if (kept.has(src) || (await isSavedImage(db, store, src))) continue;
    throw new AppError('bad_request', `${path}: ${articleBodyMessages.imageAddress}`);
  }
}
