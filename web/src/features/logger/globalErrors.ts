import { operationLog } from './operationLog';

/** Uncaught errors and rejections reach the log too (API failures are logged by the client). */
export function logUncaughtErrors(target: Window = window): void {
  target.addEventListener('error', (event) =>
    operationLog.error('未捕获的错误', event.error ?? event.message),
  );
  target.addEventListener('unhandledrejection', (event) =>
    operationLog.error('未处理的 Promise 异常', event.reason),
  );
}
