export { createShares } from './create';
export { SharesService } from './service';
export { shareRoutes } from './routes';
export { sharePublicRoutes, SHARE_PAGE_HEADERS } from './public-routes';
