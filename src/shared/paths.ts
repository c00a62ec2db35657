/**
 * The addresses of the site's pages (spec section 2), for every link, redirect, sitemap and
 * canonical URL on both sides. The web app's route table (src/web/routes.tsx) declares the same
 * paths as its segments.
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
  article: (id: string) => `/articles/${encodeURIComponent(id)}`,
  addArticle: '/addArticle',
  updateArticle: (id: string) => `/updateArticle?id=${encodeURIComponent(id)}`,
  myArticles: '/myarticles',
  myProfile: '/myprofile',
  subscription: '/subscription',
  payment: '/payment',
  admin: {
    dashboard: '/admin/dashboard',
    allUsers: '/admin/allusers',
    allArticles: '/admin/allarticles',
    addPublisher: '/admin/addpublisher',
  },
} as const;
