import { useTranslation } from 'react-i18next';
import type { LogKind, LogStats } from '../types';

export function LogStatsView({ stats }: { stats: LogStats }) {
  const { t } = useTranslation('logger');
  const rows: [string, string | number][] = [
    [t('stats.total'), stats.total],
    [t('stats.info'), stats.byLevel.info],
    [t('stats.warn'), stats.byLevel.warn],
    [t('stats.errors'), stats.errors],
    [t('stats.api'), stats.apiCalls],
    [t('stats.average'), stats.averageDurationMs === null ? '—' : `${stats.averageDurationMs} ms`],
    ...Object.entries(stats.byKind).map(([kind, count]): [string, number] => [
      t('stats.kind', { kind: t(`kind.${kind as LogKind}`) }),
      count,
    ]),
  ];
  return (
    <section
      aria-label={t('stats.label')}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map(([name, value]) => (
          <div key={name} className="flex justify-between gap-2">
            <dt className="text-slate-500">{name}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
