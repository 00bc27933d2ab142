export { createNotifications } from './create';
export type { NotificationsService } from './service';
export type { OutboxWorker } from './worker';
export { RETRY_DELAYS_MS } from './worker';
