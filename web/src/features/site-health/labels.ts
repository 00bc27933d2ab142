import type { HostState, SiteHealthResponse } from '@capshelf/contract';
import { i18n } from '../../i18n';

export const STATE_STYLES: Record<HostState, string> = {
  ok: 'bg-green-50 text-green-800',
  cooling_down: 'bg-amber-50 text-amber-800',
  challenged: 'bg-red-50 text-red-800',
  unreachable: 'bg-red-50 text-red-800',
  degraded: 'bg-amber-50 text-amber-800',
};

export type ClearanceSource = NonNullable<SiteHealthResponse['clearance']['source']>;

/** A hit rate as a percentage in the page's language, or — when nothing was asked yet. */
export function formatRate(rate: number | null): string {
  return rate === null
    ? '—'
    : new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(rate);
}
