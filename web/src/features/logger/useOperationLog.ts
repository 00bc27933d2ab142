import { useSyncExternalStore } from 'react';
import { operationLog, type LogSnapshot } from './operationLog';

/** The logger's entries and switch, re-rendering on every change. */
export function useOperationLog(): LogSnapshot {
  return useSyncExternalStore(operationLog.subscribe, operationLog.snapshot);
}
