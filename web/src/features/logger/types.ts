import type { ApiCallRecord } from '../../api';

export type LogLevel = 'info' | 'warn' | 'error';
/** What an entry is about: the sample kinds of the test page, API calls and errors. */
export type LogKind =
  'basic' | 'user' | 'api' | 'favorite' | 'download' | 'navigation' | 'auth' | 'step' | 'error';

export interface LogEntry {
  id: number;
  /** ISO time of the entry. */
  time: string;
  level: LogLevel;
  kind: LogKind;
  message: string;
  /** The hint for 401, 403, 404, 429 and 500. */
  hint?: string;
  api?: ApiCallRecord & { ok: boolean };
  data?: unknown;
}

export interface LogStats {
  total: number;
  byLevel: Record<LogLevel, number>;
  byKind: Partial<Record<LogKind, number>>;
  errors: number;
  apiCalls: number;
  /** Mean duration of the recorded API calls in ms; null before the first call. */
  averageDurationMs: number | null;
}

/** Where entries are echoed: the browser console by default. */
export type LogSink = Pick<Console, 'info' | 'warn' | 'error'>;
