import type { RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth';
import { Layout } from '../components/layout/Layout';
import { NotAvailable } from '../components/NotAvailable';
import { Spinner } from '../components/Spinner';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';

/** Screens of spec §2 that are not built yet, by route, with the name shown to the visitor. */
const pendingScreens: [path: string, screen: string][] = [
  ['/search', '搜索'],
  ['/favorites', '我的收藏'],
  ['/settings', '设置'],
  ['/episodes/:showId', '剧集列表'],
  ['/images/:episodeId', '剧集图片'],
  ['/images-range/:startId/:endId', '区间图片'],
  ['/sample-images', '示例图片'],
  ['/local-library', '本地图库'],
  ['/categorized-library', '分类图库'],
  ['/search-based-library', '搜索历史图库'],
  ['/history', '搜索历史图库'],
  ['/operation-log-test', '操作日志测试'],
];

/**
 * Every route of the page; public ones sit beside the RequireAuth group. Screens that validate
 * with the shared schemas load on first visit, so zod stays out of the entry bundle.
 */
export const routes: RouteObject[] = [
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
          ...pendingScreens.map(([path, screen]) => ({
            path,
            element: <NotAvailable screen={screen} />,
          })),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
