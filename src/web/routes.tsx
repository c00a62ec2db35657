import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from './components/PageLoading';
import { RouteError } from './components/RouteError';
import { AdminError } from './layouts/AdminError';
import { PublicLayout } from './layouts/PublicLayout';
import { PublicLayoutError } from './layouts/PublicLayoutError';
import { RequireAdmin } from './layouts/RequireAdmin';
import { RequireSignIn } from './layouts/RequireSignIn';

// Every page (and the admin layout) is its own chunk, loaded when its route is first visited.
// The public layout and the error elements stay in the main bundle so they can always render.
// `lazy` is the function form on purpose: with the object form, React Router 7 swallows a
// failed chunk load and leaves the page blank instead of showing the error element.
export const router = createBrowserRouter([
  {
    path: '/',
    Component: PublicLayout,
    ErrorBoundary: PublicLayoutError,
    children: [
      {
        // Pathless: a page that fails shows its error inside the layout, masthead and nav intact.
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoading,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./pages/home/HomePage')).HomePage }),
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('./pages/login/LoginPage')).LoginPage }),
          },
          {
            path: 'register',
            lazy: async () => ({
              Component: (await import('./pages/register/RegisterPage')).RegisterPage,
            }),
          },
          {
            path: 'allpublishedarticles',
            lazy: async () => ({
              Component: (await import('./pages/allpublishedarticles/AllArticlesPage'))
                .AllArticlesPage,
            }),
          },
          {
            path: 'articles/:id',
            lazy: async () => ({
              Component: (await import('./pages/articles/ArticlePage')).ArticlePage,
            }),
          },
          {
            // Login required: guests go to /login, which brings them back afterwards.
            Component: RequireSignIn,
            children: [
              {
                path: 'addArticle',
                lazy: async () => ({
                  Component: (await import('./pages/addArticle/AddArticlePage')).AddArticlePage,
                }),
              },
              {
                path: 'updateArticle',
                lazy: async () => ({
                  Component: (await import('./pages/updateArticle/UpdateArticlePage'))
                    .UpdateArticlePage,
                }),
              },
              {
                path: 'myarticles',
                lazy: async () => ({
                  Component: (await import('./pages/myarticles/MyArticlesPage')).MyArticlesPage,
                }),
              },
              {
                path: 'premiumarticles',
                lazy: async () => ({
                  Component: (await import('./pages/premiumarticles/PremiumArticlesPage'))
                    .PremiumArticlesPage,
                }),
              },
              {
                path: 'myprofile',
                lazy: async () => ({
                  Component: (await import('./pages/myprofile/MyProfilePage')).MyProfilePage,
                }),
              },
              {
                path: 'subscription',
                lazy: async () => ({
                  Component: (await import('./pages/subscription/SubscriptionPage'))
                    .SubscriptionPage,
                }),
              },
              {
                path: 'payment',
                lazy: async () => ({
                  Component: (await import('./pages/payment/PaymentPage')).PaymentPage,
                }),
              },
            ],
          },
          {
            path: '*',
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
    // thrown in this branch shows 'You are not authorized' (spec).
    path: '/admin',
    ErrorBoundary: AdminError,
    HydrateFallback: PageLoading,
    Component: RequireAdmin,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/AdminLayout')).AdminLayout }),
        children: [
          { index: true, element: <Navigate replace to="/admin/dashboard" /> },
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('./pages/admin/dashboard/DashboardPage')).DashboardPage,
            }),
          },
          {
            path: 'allarticles',
            lazy: async () => ({
              Component: (await import('./pages/admin/allarticles/AdminArticlesPage'))
                .AdminArticlesPage,
            }),
          },
          {
            path: 'allusers',
            lazy: async () => ({
              Component: (await import('./pages/admin/allusers/AllUsersPage')).AllUsersPage,
            }),
          },
          {
            path: 'addpublisher',
            lazy: async () => ({
              Component: (await import('./pages/admin/addpublisher/AddPublisherPage'))
                .AddPublisherPage,
            }),
          },
        ],
      },
    ],
  },
]);
