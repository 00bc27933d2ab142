export { createNotifications, type Notifications } from './create';
export type { NotificationsService } from './service';
export { RETRY_DELAYS_MS } from './worker';
export type { QuotaFigures } from './texts';
