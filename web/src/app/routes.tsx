import type { RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth';
import { Layout } from './layout/Layout';
import { Spinner } from '../components/Spinner';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';

const searchLibrary = () =>
  import('../features/library/history/SearchLibraryPage').then((m) => ({
    Component: m.SearchLibraryPage,
  }));

const legacyAddress = () =>
  import('../features/open/LegacyAddress').then((m) => ({ Component: m.LegacyAddress }));

/**
 * Every route of the page; public ones sit beside the RequireAuth group. Screens that validate
 * with the shared schemas load on first visit, so zod stays out of the entry bundle.
 */
export const routes: RouteObject[] = [
  // A share link's public page: a visitor's, outside the app's header and menus.
  {
    path: '/s/:token',
    hydrateFallbackElement: <Spinner />,
    lazy: () => import('../features/shares/SharePage').then((m) => ({ Component: m.SharePage })),
  },
  {
    element: <Layout />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('../pages/ForgotPasswordPage')).ForgotPasswordPage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('../pages/ResetPasswordPage')).ResetPasswordPage,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/profile',
            lazy: async () => ({
              Component: (await import('../pages/profile/ProfilePage')).ProfilePage,
            }),
          },
          {
            path: '/search',
            lazy: () =>
              import('../features/search/SearchPage').then((m) => ({ Component: m.SearchPage })),
          },
          // A source-site address from the bookmarklet or Android's share sheet (issue 38).
          {
            path: '/open',
            lazy: () =>
              import('../features/open/OpenPage').then((m) => ({ Component: m.OpenPage })),
          },
          {
            path: '/episodes/:kind/:id',
            lazy: () =>
              import('../features/episodes/EpisodesPage').then((m) => ({
                Component: m.EpisodesPage,
              })),
          },
          {
            path: '/episodes/:kind/:id/dataset',
            lazy: () =>
              import('../features/datasets/DatasetReviewPage').then((m) => ({
                Component: m.DatasetReviewPage,
              })),
          },
          // The image screens share one lazily loaded grid.
          {
            path: '/images/:kind/:id',
            lazy: () =>
              import('../features/images/EpisodeImagesPage').then((m) => ({
                Component: m.EpisodeImagesPage,
              })),
          },
          // The addresses before the short ones (an encoded source URL), sent on to them.
          { path: '/episodes/:legacy', lazy: legacyAddress },
          { path: '/episodes/:legacy/dataset', lazy: legacyAddress },
          { path: '/images/:legacy', lazy: legacyAddress },
          {
            path: '/images-range/:startId/:endId',
            lazy: () =>
              import('../features/images/RangeImagesPage').then((m) => ({
                Component: m.RangeImagesPage,
              })),
          },
          {
            path: '/sample-images',
            lazy: () =>
              import('../features/images/SampleImagesPage').then((m) => ({
                Component: m.SampleImagesPage,
              })),
          },
          {
            path: '/favorites',
            lazy: () =>
              import('../features/favorites/screen/FavoritesPage').then((m) => ({
                Component: m.FavoritesPage,
              })),
          },
          {
            path: '/shares',
            lazy: () =>
              import('../features/shares/SharesPage').then((m) => ({ Component: m.SharesPage })),
          },
          {
            path: '/settings',
            lazy: () =>
              import('../features/settings/SettingsPage').then((m) => ({
                Component: m.SettingsPage,
              })),
          },
          {
            path: '/site-health',
            lazy: () =>
              import('../features/site-health/SiteHealthPage').then((m) => ({
                Component: m.SiteHealthPage,
              })),
          },
          {
            path: '/local-library',
            lazy: () =>
              import('../features/library/local/LocalLibraryPage').then((m) => ({
                Component: m.LocalLibraryPage,
              })),
          },
          {
            path: '/categorized-library',
            lazy: () =>
              import('../features/library/categorized/CategorizedLibraryPage').then((m) => ({
                Component: m.CategorizedLibraryPage,
              })),
          },
          // One screen under both names.
          { path: '/search-based-library', lazy: searchLibrary },
          { path: '/history', lazy: searchLibrary },
          {
            path: '/admin/users',
            lazy: () =>
              import('../features/admin/UsersPage').then((m) => ({ Component: m.UsersPage })),
          },
          {
            path: '/admin/audit',
            lazy: () =>
              import('../features/admin/AuditPage').then((m) => ({ Component: m.AuditPage })),
          },
          {
            path: '/operation-log-test',
            lazy: () =>
              import('../features/logger/page/OperationLogTestPage').then((m) => ({
                Component: m.OperationLogTestPage,
              })),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
