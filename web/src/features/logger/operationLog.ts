import { i18n } from '../../i18n';
import { saveJsonFile } from '../../lib/saveFile';
import { callHint, errorHint } from './hints';
import type { ApiCallRecord } from '../../api';
import type { LogEntry, LogKind, LogLevel, LogSink, LogStats } from './types';

/** The client keeps at most this many entries; the oldest are dropped first. */
export const LOG_CAPACITY = 1000;
export const ENABLED_KEY = 'capshelf.logger.enabled';

interface OperationLogOptions {
  /** Where the on/off switch is kept; null keeps it in memory only. */
  storage?: Storage | null;
  sink?: LogSink;
  capacity?: number;
  now?: () => Date;
}

/** What React reads (useSyncExternalStore): replaced as a whole on every change. */
export interface LogSnapshot {
  entries: readonly LogEntry[];
  enabled: boolean;
}

export type OperationLog = ReturnType<typeof createOperationLog>;

/**
 * The operation logger: a capped in-memory history, echoed to the console, with stats, JSON
 * export and a persisted on/off switch. Plain TypeScript, so the API client can use it.
 */
export function createOperationLog(options: OperationLogOptions = {}) {
  const { storage = null, capacity = LOG_CAPACITY, now = () => new Date() } = options;
  let sink = options.sink ?? console;
  let echo = true;
  let nextId = 1;
  let snapshot: LogSnapshot = { entries: [], enabled: storage?.getItem(ENABLED_KEY) !== 'false' };
  const listeners = new Set<() => void>();

  const publish = (next: Partial<LogSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };

  function record(entry: Omit<LogEntry, 'id' | 'time'>): LogEntry | null {
    if (!snapshot.enabled) return null;
    const full: LogEntry = { id: nextId++, time: now().toISOString(), ...entry };
    const entries = [...snapshot.entries, full];
    publish({ entries: entries.length > capacity ? entries.slice(-capacity) : entries });
    if (echo) print(full);
    return full;
  }

  function print(entry: LogEntry) {
    const hint = entry.hint ? ` — ${i18n.t('logger:hintLabel', { hint: entry.hint })}` : '';
    const text = `[${i18n.t('logger:consolePrefix')}][${entry.kind}] ${entry.message}${hint}`;
    const args = entry.data === undefined ? [text] : [text, entry.data];
    sink[entry.level](...args);
  }

  function stats(): LogStats {
    const byLevel: Record<LogLevel, number> = { info: 0, warn: 0, error: 0 };
    const byKind: LogStats['byKind'] = {};
    let apiCalls = 0;
    let duration = 0;
    for (const entry of snapshot.entries) {
      byLevel[entry.level]++;
      byKind[entry.kind] = (byKind[entry.kind] ?? 0) + 1;
      if (entry.api) {
        apiCalls++;
        duration += entry.api.durationMs;
      }
    }
    return {
      total: snapshot.entries.length,
      byLevel,
      byKind,
      errors: byLevel.error,
      apiCalls,
      averageDurationMs: apiCalls === 0 ? null : Math.round(duration / apiCalls),
    };
  }

  function exportData() {
    return { exported_at: now().toISOString(), stats: stats(), entries: snapshot.entries };
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot: () => snapshot,
    entries: () => snapshot.entries,
    isEnabled: () => snapshot.enabled,

    log(kind: LogKind, message: string, data?: unknown, level: LogLevel = 'info') {
      return record({ level, kind, message, data });
    },

    /** An error with the spec's hint when it carries an HTTP status. */
    error(message: string, error?: unknown, kind: LogKind = 'error') {
      const detail = error instanceof Error ? error.message : error;
      return record({ level: 'error', kind, message, hint: errorHint(error), data: detail });
    },

    /** One finished call of the API client. */
    api(call: ApiCallRecord) {
      const ok = !call.error && !call.aborted;
      const outcome = call.aborted
        ? i18n.t('logger:outcome.aborted')
        : call.error
          ? i18n.t('logger:outcome.failed', { error: call.error })
          : i18n.t('logger:outcome.ok');
      return record({
        level: call.error ? 'error' : 'info',
        kind: 'api',
        message: `${call.method} ${call.path} → ${call.status} (${Math.round(call.durationMs)} ms) ${outcome}`,
        hint: call.error ? callHint(call) : undefined,
        api: { ...call, ok },
      });
    },

    stats,
    exportData,

    /** Downloads the history as `operation-log-YYYY-MM-DD.json` (local date). */
    download() {
      saveJsonFile(`operation-log-${localDate(now())}.json`, exportData());
    },

    clear() {
      publish({ entries: [] });
    },

    setEnabled(enabled: boolean) {
      storage?.setItem(ENABLED_KEY, String(enabled));
      publish({ enabled });
    },

    /** Console echo on or off (the component tests keep their output readable with it off). */
    setEcho(on: boolean, target: LogSink = sink) {
      echo = on;
      sink = target;
    },
  };
}

export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** localStorage when the browser allows it (private modes may throw on access). */
function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The page's one logger. */
export const operationLog = createOperationLog({ storage: browserStorage() });
