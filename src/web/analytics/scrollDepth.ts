/** The article page marks its body with this attribute (pages/article/ArticleView.tsx). */
export const articleBodyAttribute = 'data-article-body';

/**
 * How far down the reader has seen, in whole percent: of the article's body on an article page
 * (its masthead, picture and tags are not the article), of the whole page elsewhere. The bottom
 * of the window is what has been seen.
 */
export function scrollDepthNow(): number {
  const body = document.querySelector(`[${articleBodyAttribute}]`);
  let seen: number;
  if (body) {
    const box = body.getBoundingClientRect();
    seen = box.height > 0 ? (window.innerHeight - box.top) / box.height : 0;
  } else {
    const height = document.documentElement.scrollHeight;
    seen = height > 0 ? (window.scrollY + window.innerHeight) / height : 0;
  }
  return Math.min(100, Math.max(0, Math.round(seen * 100)));
}
