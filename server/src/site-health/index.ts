export { CacheMeter, type CacheKind } from './cache-meter';
export { SiteHealthService, maskCookie } from './service';
export { createSiteHealth } from './create';
