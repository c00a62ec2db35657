import type { Locator } from '@playwright/test';

/** The URL of a srcset's copy at `width` (`url 160w, url 400w, …`), if it has one. */
export function copyAt(srcset: string | null | undefined, width: number): string | undefined {
  return srcset
    ?.split(', ')
    .find((entry) => entry.endsWith(` ${width}w`))
    ?.split(' ')[0];
}

/** The path of the copy the browser chose to fetch for an image. */
export function fetchedPath(img: Locator): Promise<string> {
  return img.evaluate((element) => new URL((element as HTMLImageElement).currentSrc).pathname);
}
