export type ImagePriority = 'high' | 'auto' | 'lazy';

interface ArticleImageProps {
  src: string;
  /** The stored widths (the API's imageSrcset); null for an image that has only its own. */
  srcSet: string | null;
  /** How wide the layout shows the image at each screen width (the `sizes` attribute). */
  sizes: string;
  alt: string;
  /** The box's proportions before the image arrives; CSS sets its real size. Left out only for
   * an image of an article's body whose size was not recorded. */
  width?: number;
  height?: number;
  /** `high`: the page's likely largest picture, fetched at once and first; `auto`: above the
   * fold, fetched at once; `lazy` (below the fold): fetched as it scrolls near. */
  priority?: ImagePriority;
  className?: string;
}

/**
 * An article's picture, in the width that fits its box: the browser picks from the stored
 * widths by `sizes` and the screen's pixel density, so a phone's card fetches 400–800 px, not
 * 1,600.
 */
export function ArticleImage({ srcSet, sizes, priority = 'lazy', ...image }: ArticleImageProps) {
  return (
    <img
      {...image}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
    />
  );
}

/**
 * How soon the picture of a list's `index`-th card loads: a row holds at most three cards, so the
 * first three may be above the fold; the first is the likely largest picture there.
 */
export function cardImagePriority(index: number): ImagePriority {
  return index === 0 ? 'high' : index < 3 ? 'auto' : 'lazy';
}
