import type { ArticleBody } from '#shared/article-body/schema';

/** A paragraph of the article body's document. */
export const paragraph = (text: string) => ({
  type: 'paragraph' as const,
  content: [{ type: 'text' as const, text }],
});

/** A word found only past the free part of `premiumBody`. */
export const pastTheFreePart = 'quillifant';

/** A body whose free part is its first paragraph, and a word (`pastTheFreePart`) only past it. */
export const premiumBody: ArticleBody = {
  type: 'doc',
  content: [
    paragraph('The harbour board met at dawn and argued for hours about the new pier. '.repeat(5)),
    paragraph(`Only subscribers read that the vote was ${pastTheFreePart}.`),
  ],
};
