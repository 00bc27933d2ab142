import { useTranslation } from 'react-i18next';
import type { LogEntry, LogLevel } from '../types';

const levelStyles: Record<LogLevel, string> = {
  info: 'bg-sky-100 text-sky-800',
  warn: 'bg-amber-100 text-amber-800',
  error: 'bg-red-100 text-red-800',
};

/** The latest entries, newest first. */
export function LogEntries({ entries }: { entries: readonly LogEntry[] }) {
  const { t, i18n } = useTranslation('logger');
  if (entries.length === 0) return <p className="py-6 text-center text-slate-500">{t('empty')}</p>;
  return (
    <ol
      aria-label={t('latest')}
      className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
    >
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline gap-2 px-3 py-2 text-sm">
          <time dateTime={entry.time} className="text-xs text-slate-500">
            {new Date(entry.time).toLocaleTimeString(i18n.language)}
          </time>
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${levelStyles[entry.level]}`}
          >
            {entry.level}
          </span>
          <span className="text-xs text-slate-500">{entry.kind}</span>
          <span className="text-slate-800">{entry.message}</span>
          {entry.hint && (
            <span className="text-xs text-red-600">{t('hintLabel', { hint: entry.hint })}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
