import { adminUserRoutes } from './admin-users';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { cacheAdminRoutes } from './cache-admin';
import { catalogRoutes } from './catalog';
import { datasetDraftRoutes } from './dataset-drafts';
import { datasetRoutes } from './datasets';
import { downloadRoutes } from './downloads';
import { favoriteRoutes } from './favorites';
import { followRoutes } from './follows';
import { healthRoutes } from './health';
import { imageRoutes } from './images';
import { libraryRoutes, recentSearchRoutes } from './library';
import { notificationRoutes } from './notifications';
import { shareRoutes } from './shares';
import { siteHealthRoutes } from './site-health';
import { tokenRoutes } from './tokens';

/** Every route of the API, by capability: the one description both ends use. */
export const api = {
  favorites: favoriteRoutes,
  catalog: catalogRoutes,
  library: libraryRoutes,
  recentSearches: recentSearchRoutes,
  images: imageRoutes,
  cacheAdmin: cacheAdminRoutes,
  auth: authRoutes,
  tokens: tokenRoutes,
  adminUsers: adminUserRoutes,
  audit: auditRoutes,
  siteHealth: siteHealthRoutes,
  notifications: notificationRoutes,
  follows: followRoutes,
  downloads: downloadRoutes,
  datasets: datasetRoutes,
  datasetDrafts: datasetDraftRoutes,
  health: healthRoutes,
  shares: shareRoutes,
};
