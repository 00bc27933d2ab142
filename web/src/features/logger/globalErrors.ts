import { i18n } from '../../i18n';
import { operationLog } from './operationLog';

/** Uncaught errors and rejections reach the log too (API failures are logged by the client). */
export function logUncaughtErrors(target: Window = window): void {
  target.addEventListener('error', (event) =>
    operationLog.error(i18n.t('logger:uncaught'), event.error ?? event.message),
  );
  target.addEventListener('unhandledrejection', (event) =>
    operationLog.error(i18n.t('logger:unhandled'), event.reason),
  );
}
