export { operationLog, createOperationLog, LOG_CAPACITY, ENABLED_KEY } from './operationLog';
export type { LogSnapshot, OperationLog } from './operationLog';
export { statusHint } from './hints';
export { useOperationLog } from './useOperationLog';
export { logUncaughtErrors } from './globalErrors';
export type { LogEntry, LogKind, LogLevel, LogStats } from './types';
