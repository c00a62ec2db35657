import { siteName } from '#shared/site';
import { useSite } from '#web/lib/siteContext';
import { shareImage, siteDescription, tagline } from '#web/site';

export interface HeadImage {
  /** Absolute, or site-relative (made absolute here). */
  url: string;
  /** In pixels, when known; link previews lay out the card before the picture arrives. */
  width?: number;
  height?: number;
  alt: string;
}

export interface HeadArticle {
  publishedTime: string;
  modifiedTime: string;
  /** The article's first tag: the site's sections are its tags. */
  section?: string;
  tags: readonly string[];
}

interface Props {
  /** The page's own title; the home page has none and is titled "Tribune — <tagline>". */
  title?: string;
  description?: string;
  /** The page's path and query, for the canonical link and og:url; private pages have none. */
  path?: string;
  /** Private, not-found and error pages: search engines are asked to leave them out. */
  noindex?: boolean;
  /**
   * With `noindex`, still names the canonical address: a page of a public one under another
   * address (a gift link's article) points at that one.
   */
  canonicalToo?: boolean;
  image?: HeadImage;
  /** Makes the page an Open Graph article. */
  article?: HeadArticle;
}

/**
 * A page's <head>: title, description, canonical address, Open Graph and Twitter card, robots.
 * React renders these tags into the document's head wherever the page renders this component,
 * on the server and after every client-side navigation alike, and removes them when the page
 * goes. Every page renders exactly one.
 */
export function PageHead({
  title,
  description = siteDescription,
  path,
  noindex = false,
  canonicalToo = false,
  image = shareImage,
  article,
}: Props) {
  const { publicUrl } = useSite();
  const url = path === undefined ? undefined : absoluteUrl(publicUrl, path);
  const imageUrl = absoluteUrl(publicUrl, image.url);
  return (
    <>
      <title>{title ? `${title} | ${siteName}` : `${siteName} — ${tagline}`}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex" />}
      {url && (!noindex || canonicalToo) && <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:title" content={title ?? siteName} />
      <meta property="og:description" content={description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl} />
      {image.width !== undefined && image.height !== undefined && (
        <>
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
        </>
      )}
      <meta property="og:image:alt" content={image.alt} />
      {article && (
        <>
          <meta property="article:published_time" content={article.publishedTime} />
          <meta property="article:modified_time" content={article.modifiedTime} />
          {article.section && <meta property="article:section" content={article.section} />}
          {article.tags.map((tag) => (
            <meta key={tag} property="article:tag" content={tag} />
          ))}
        </>
      )}
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}

/** `path` on this site as an absolute address; an absolute URL is kept as it is. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}
