import type { HostState, SiteHealthResponse } from '@capshelf/contract';

export const STATE_LABELS: Record<HostState, string> = {
  ok: '正常',
  cooling_down: '冷却中',
  challenged: '被人机验证拦截',
  unreachable: '无法连接',
  degraded: '不稳定',
};

export const STATE_STYLES: Record<HostState, string> = {
  ok: 'bg-green-50 text-green-800',
  cooling_down: 'bg-amber-50 text-amber-800',
  challenged: 'bg-red-50 text-red-800',
  unreachable: 'bg-red-50 text-red-800',
  degraded: 'bg-amber-50 text-amber-800',
};

type Source = NonNullable<SiteHealthResponse['clearance']['source']>;

export const SOURCE_LABELS: Record<Source, string> = {
  solver: '自动验证（Chromium）',
  pasted: '管理员粘贴',
  environment: '环境变量 UPSTREAM_COOKIE',
};

export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}
