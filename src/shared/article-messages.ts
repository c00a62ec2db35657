/*
 * Kept apart from articles.ts, whose zod schemas the public pages' code has no use for: the
 * article page shows these texts and would otherwise carry zod into every reader's first load.
 */

/** The spec's article texts, word for word. */
export const articleMessages = {
  postingLimit:
    'You have reached your maximum limit for posting articles. Go to the subscription page for posting more articles',
  createFailed: 'An error occurred while creating the article',
  created: 'Article Created Successfully',
  updated: 'Article Update Successfully',
  notModified: 'Article is not modified',
  addConfirm: 'Are you sure you want to add this article to your database?',
  updateConfirm: 'Are You sure You want to Update this Article to your database?',
  premiumLocked: 'This is a premium article. Subscribe to read it.',
  notFound: 'This article does not exist or is not published.',
} as const;
