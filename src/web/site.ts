/** The line under the masthead and in the home page's title. */
export const tagline = 'Independent news for curious readers';

/** What search results and link previews say of a page that has no description of its own. */
export const siteDescription =
  'Tribune: independent news, analysis and opinion from trusted publishers, updated every day.';

/** The picture link previews show for pages without one of their own (src/web/public). */
export const shareImage = {
  url: '/share.png',
  width: 1200,
  height: 630,
  alt: `Tribune: ${tagline}`,
} as const;

/** The site's logo for structured data (a square PNG in src/web/public). */
export const logoImage = { url: '/logo.png', width: 512, height: 512 } as const;
