export { CacheAdmin, type CacheAdminAction, type CacheAdminResult } from './service';
export { cacheAdminRoutes } from './routes';
