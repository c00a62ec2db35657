import { Navigate, type RouteObject } from 'react-router';
import { PageLoading } from './components/PageLoading';
import { RouteError } from './components/RouteError';
import { AdminError } from './layouts/AdminError';
import { ClientRendered } from './layouts/ClientRendered';
import { PublicLayout } from './layouts/PublicLayout';
import { PublicLayoutError } from './layouts/PublicLayoutError';
import { RequireAdmin } from './layouts/RequireAdmin';
import { RequireSignIn } from './layouts/RequireSignIn';
import type { RouteHandle } from './layouts/routeHandle';
import { paths, routePatterns } from '#shared/paths';

// Every page (and the admin layout) is its own chunk, loaded when its route is first visited.
// The public layout and the error elements stay in the main bundle so they can always render.
// `lazy` is the function form on purpose: with the object form, React Router 7 swallows a
// failed chunk load and leaves the page blank instead of showing the error element.
//
// The server renders the same routes (entry-server.tsx) with a loader on each public page that
// reads its data in process; `id`s name the routes for those loaders. `handle.module` names a
// page's source as Vite's manifest knows it, so the server can ask the browser to fetch the
// page's chunk along with the app's; `handle.title` titles a private page, which the browser
// alone draws (layouts/ClientRendered.tsx); `handle.query` lists the query parameters a page
// reads, so that a guest's page is kept once whatever else its address carries.
const handle = (value: RouteHandle) => value;

/** A page's path (shared/paths.ts holds them whole) as its route's segment under `parent`. */
const segmentUnder = (parent: string) => (pattern: string) =>
  pattern.slice(parent.endsWith('/') ? parent.length : parent.length + 1);
const page = segmentUnder(paths.home);
const adminPage = segmentUnder(paths.admin.root);

export const routes: RouteObject[] = [
  {
    id: 'layout',
    path: paths.home,
    Component: PublicLayout,
    ErrorBoundary: PublicLayoutError,
    children: [
      {
        // Pathless: a page that fails shows its error inside the layout, masthead and nav intact.
        id: 'pages',
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoading,
        children: [
          {
            id: 'home',
            index: true,
            handle: handle({ module: 'pages/home/HomePage.tsx', query: [] }),
            lazy: async () => ({ Component: (await import('./pages/home/HomePage')).HomePage }),
          },
          {
            id: 'login',
            path: page(paths.login),
            handle: handle({
              module: 'pages/login/LoginPage.tsx',
              // The page to go on to, and Google's return (useGoogleReturn.ts).
              query: ['from', 'signedIn', 'error', 'error_description'],
            }),
            lazy: async () => ({ Component: (await import('./pages/login/LoginPage')).LoginPage }),
          },
          {
            id: 'register',
            path: page(paths.register),
            handle: handle({ module: 'pages/register/RegisterPage.tsx', query: ['from'] }),
            lazy: async () => ({
              Component: (await import('./pages/register/RegisterPage')).RegisterPage,
            }),
          },
          {
            id: 'forgot-password',
            path: page(paths.forgotPassword),
            handle: handle({ module: 'pages/forgot-password/ForgotPasswordPage.tsx', query: [] }),
            lazy: async () => ({
              Component: (await import('./pages/forgot-password/ForgotPasswordPage'))
                .ForgotPasswordPage,
            }),
          },
          {
            id: 'reset-password',
            path: page(paths.resetPassword),
            handle: handle({
              module: 'pages/reset-password/ResetPasswordPage.tsx',
              query: ['token'],
            }),
            lazy: async () => ({
              Component: (await import('./pages/reset-password/ResetPasswordPage'))
                .ResetPasswordPage,
            }),
          },
          {
            id: 'newsletter',
            path: page(paths.newsletter),
            handle: handle({ module: 'pages/newsletter/NewsletterPage.tsx', query: [] }),
            lazy: async () => ({
              Component: (await import('./pages/newsletter/NewsletterPage')).NewsletterPage,
            }),
          },
          {
            id: 'newsletter-confirm',
            path: page(routePatterns.newsletterConfirm),
            handle: handle({
              module: 'pages/newsletter-confirm/NewsletterConfirmPage.tsx',
              query: ['token'],
            }),
            lazy: async () => ({
              Component: (await import('./pages/newsletter-confirm/NewsletterConfirmPage'))
                .NewsletterConfirmPage,
            }),
          },
          {
            id: 'newsletter-preferences',
            path: page(routePatterns.newsletterPreferences),
            handle: handle({
              module: 'pages/newsletter-preferences/NewsletterPreferencesPage.tsx',
              query: ['token'],
            }),
            lazy: async () => ({
              Component: (await import('./pages/newsletter-preferences/NewsletterPreferencesPage'))
                .NewsletterPreferencesPage,
            }),
          },
          {
            id: 'newsletter-unsubscribe',
            path: page(routePatterns.newsletterUnsubscribe),
            handle: handle({
              module: 'pages/newsletter-unsubscribe/NewsletterUnsubscribePage.tsx',
              query: ['token'],
            }),
            lazy: async () => ({
              Component: (await import('./pages/newsletter-unsubscribe/NewsletterUnsubscribePage'))
                .NewsletterUnsubscribePage,
            }),
          },
          {
            id: 'newsletter-send',
            path: page(routePatterns.newsletterSend),
            handle: handle({ module: 'pages/newsletter-send/NewsletterSendPage.tsx', query: [] }),
            lazy: async () => ({
              Component: (await import('./pages/newsletter-send/NewsletterSendPage'))
                .NewsletterSendPage,
            }),
          },
          {
            id: 'all-articles',
            path: page(paths.allArticles),
            handle: handle({
              module: 'pages/all-published-articles/AllPublishedArticlesPage.tsx',
              // all-published-articles/search.ts
              query: ['title', 'publisher', 'tags', 'page'],
            }),
            lazy: async () => ({
              Component: (await import('./pages/all-published-articles/AllPublishedArticlesPage'))
                .AllPublishedArticlesPage,
            }),
          },
          {
            id: 'search',
            path: page(paths.search),
            handle: handle({
              module: 'pages/search/SearchPage.tsx',
              // search/searchState.ts
              query: ['q', 'publisher', 'tags', 'premium', 'page'],
            }),
            lazy: async () => ({
              Component: (await import('./pages/search/SearchPage')).SearchPage,
            }),
          },
          {
            id: 'article',
            path: page(routePatterns.article),
            handle: handle({ module: 'pages/article/ArticlePage.tsx', query: [] }),
            lazy: async () => ({
              Component: (await import('./pages/article/ArticlePage')).ArticlePage,
            }),
          },
          {
            // Login required: guests go to /login, which brings them back afterwards.
            id: 'signed-in',
            Component: RequireSignIn,
            children: [
              {
                // Server-rendered for the signed-in reader who asks (never shared).
                id: 'premium-articles',
                path: page(paths.premiumArticles),
                handle: handle({
                  title: 'Premium Articles',
                  module: 'pages/premium-articles/PremiumArticlesPage.tsx',
                  query: ['page'],
                }),
                lazy: async () => ({
                  Component: (await import('./pages/premium-articles/PremiumArticlesPage'))
                    .PremiumArticlesPage,
                }),
              },
              {
                // A reader's own pages: drawn by the browser (forms, payment, their data).
                id: 'client-rendered',
                Component: ClientRendered,
                children: [
                  {
                    id: 'add-article',
                    path: page(paths.addArticle),
                    handle: handle({ title: 'Add Article' }),
                    lazy: async () => ({
                      Component: (await import('./pages/add-article/AddArticlePage'))
                        .AddArticlePage,
                    }),
                  },
                  {
                    id: 'update-article',
                    path: page(routePatterns.updateArticle),
                    handle: handle({ title: 'Update Article' }),
                    lazy: async () => ({
                      Component: (await import('./pages/update-article/UpdateArticlePage'))
                        .UpdateArticlePage,
                    }),
                  },
                  {
                    id: 'my-articles',
                    path: page(paths.myArticles),
                    handle: handle({ title: 'My Articles' }),
                    lazy: async () => ({
                      Component: (await import('./pages/my-articles/MyArticlesPage'))
                        .MyArticlesPage,
                    }),
                  },
                  {
                    id: 'my-profile',
                    path: page(paths.myProfile),
                    handle: handle({ title: 'My Profile' }),
                    lazy: async () => ({
                      Component: (await import('./pages/my-profile/MyProfilePage')).MyProfilePage,
                    }),
                  },
                  {
                    id: 'subscription',
                    path: page(paths.subscription),
                    handle: handle({ title: 'Subscription' }),
                    lazy: async () => ({
                      Component: (await import('./pages/subscription/SubscriptionPage'))
                        .SubscriptionPage,
                    }),
                  },
                  {
                    id: 'payment',
                    path: page(paths.payment),
                    handle: handle({ title: 'Payment' }),
                    lazy: async () => ({
                      Component: (await import('./pages/payment/PaymentPage')).PaymentPage,
                    }),
                  },
                ],
              },
            ],
          },
          {
            id: 'not-found',
            path: '*',
            handle: handle({ module: 'pages/not-found/NotFoundPage.tsx', query: [] }),
            lazy: async () => ({
              Component: (await import('./pages/not-found/NotFoundPage')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
  {
    // Admins only: anyone else gets the toast 'You are not an admin' and goes home; the guard
    // stays in the main bundle, so the admin layout's chunk loads only for admins. Anything
    // thrown in this branch shows 'You are not authorized' (spec). The browser alone draws it.
    id: 'admin',
    path: paths.admin.root,
    ErrorBoundary: AdminError,
    HydrateFallback: PageLoading,
    Component: RequireAdmin,
    children: [
      {
        id: 'admin-layout',
        lazy: async () => ({ Component: (await import('./layouts/AdminLayout')).AdminLayout }),
        children: [
          {
            id: 'admin-index',
            index: true,
            element: <Navigate replace to={paths.admin.dashboard} />,
          },
          {
            id: 'admin-dashboard',
            path: adminPage(paths.admin.dashboard),
            handle: handle({ title: 'Dashboard' }),
            lazy: async () => ({
              Component: (await import('./pages/admin/dashboard/DashboardPage')).DashboardPage,
            }),
          },
          {
            id: 'admin-articles',
            path: adminPage(paths.admin.allArticles),
            handle: handle({ title: 'All Articles (Admin)' }),
            lazy: async () => ({
              Component: (await import('./pages/admin/all-articles/AdminArticlesPage'))
                .AdminArticlesPage,
            }),
          },
          {
            id: 'admin-users',
            path: adminPage(paths.admin.allUsers),
            handle: handle({ title: 'All Users' }),
            lazy: async () => ({
              Component: (await import('./pages/admin/all-users/AllUsersPage')).AllUsersPage,
            }),
          },
          {
            id: 'admin-publishers',
            path: adminPage(paths.admin.addPublisher),
            handle: handle({ title: 'Add Publisher' }),
            lazy: async () => ({
              Component: (await import('./pages/admin/add-publisher/AddPublisherPage'))
                .AddPublisherPage,
            }),
          },
        ],
      },
    ],
  },
];
