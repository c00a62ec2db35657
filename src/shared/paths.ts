/** The pattern of an article's address, as the route table matches it. */
const articlePattern = '/articles/:id';
const updateArticlePage = '/updateArticle';
const newsletterConfirmPage = '/newsletter/confirm';
const newsletterPreferencesPage = '/newsletter/preferences';
const newsletterUnsubscribePage = '/newsletter/unsubscribe';
/** A newsletter's web version: the "View in your browser" link of each mail. */
const newsletterSendPattern = '/newsletters/:id';
const withToken = (page: string, token: string) => `${page}?token=${encodeURIComponent(token)}`;

/**
 * The addresses of the site's pages (spec section 2), for every link, redirect, sitemap and
 * canonical URL on both sides. The web app's route table (src/web/routes.tsx) takes its
 * segments from here (`routePatterns`), and a test holds the two together.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  allArticles: '/allpublishedarticles',
  search: '/search',
  premiumArticles: '/premiumarticles',
  article: (id: string) => articlePattern.replace(':id', encodeURIComponent(id)),
  addArticle: '/addArticle',
  updateArticle: (id: string) => `${updateArticlePage}?id=${encodeURIComponent(id)}`,
  myArticles: '/myarticles',
  myProfile: '/myprofile',
  subscription: '/subscription',
  payment: '/payment',
  newsletter: '/newsletter',
  newsletterConfirm: (token: string) => withToken(newsletterConfirmPage, token),
  newsletterPreferences: (token: string) => withToken(newsletterPreferencesPage, token),
  newsletterUnsubscribe: (token: string) => withToken(newsletterUnsubscribePage, token),
  newsletterSend: (id: string) => newsletterSendPattern.replace(':id', encodeURIComponent(id)),
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    allUsers: '/admin/allusers',
    allArticles: '/admin/allarticles',
    addPublisher: '/admin/addpublisher',
  },
} as const;

/** The pages' addresses as route patterns: the fixed ones, and those that take a parameter. */
export const routePatterns = {
  ...paths,
  article: articlePattern,
  updateArticle: updateArticlePage,
  newsletterConfirm: newsletterConfirmPage,
  newsletterPreferences: newsletterPreferencesPage,
  newsletterUnsubscribe: newsletterUnsubscribePage,
  newsletterSend: newsletterSendPattern,
} as const;

/** The site's RSS feed (the server's feeds/routes.ts), which every page names in its head. */
export const rssPath = '/rss.xml';
