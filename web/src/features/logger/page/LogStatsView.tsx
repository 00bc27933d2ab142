import type { LogKind, LogStats } from '../types';

const kindNames: Record<LogKind, string> = {
  basic: '基础',
  user: '用户操作',
  api: 'API',
  favorite: '收藏',
  download: '下载',
  navigation: '导航',
  auth: '认证',
  step: '流程',
  error: '错误',
};

export function LogStatsView({ stats }: { stats: LogStats }) {
  const rows: [string, string | number][] = [
    ['总计', stats.total],
    ['信息', stats.byLevel.info],
    ['警告', stats.byLevel.warn],
    ['错误', stats.errors],
    ['API 调用', stats.apiCalls],
    ['平均耗时', stats.averageDurationMs === null ? '—' : `${stats.averageDurationMs} ms`],
    ...Object.entries(stats.byKind).map(([kind, count]): [string, number] => [
      `类型：${kindNames[kind as LogKind]}`,
      count,
    ]),
  ];
  return (
    <section aria-label="日志统计" className="rounded-lg border border-slate-200 bg-white p-4">
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
