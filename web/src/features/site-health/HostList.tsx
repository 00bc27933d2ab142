import { useTranslation } from 'react-i18next';
import type { SiteHost } from '@capshelf/contract';
import { formatDate } from '../../lib/formatDate';
import { STATE_STYLES } from './labels';

/** Each source host: its state, request counts and latest answers. */
export function HostList({ hosts }: { hosts: SiteHost[] }) {
  const { t } = useTranslation('siteHealth');
  return (
    <ul className="flex flex-col gap-3">
      {hosts.map((host) => (
        <li
          key={host.host}
          data-testid="site-host"
          className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono break-all text-slate-900">{host.host}</span>
            <span className="text-slate-500">{t(`hosts.role.${host.role}`)}</span>
            <span
              data-testid="host-state"
              className={`ml-auto rounded px-2 py-0.5 font-medium ${STATE_STYLES[host.state]}`}
            >
              {t(`hosts.state.${host.state}`)}
              {host.cooling_until &&
                t('hosts.coolingUntil', { time: formatDate(host.cooling_until) })}
            </span>
          </div>
          <p className="text-slate-600">
            {t('hosts.requests', { hour: host.requests_last_hour, day: host.requests_last_day })}
          </p>
          {host.profile && (
            <p data-testid="host-profile" className="text-slate-600">
              {t('hosts.profile', { profile: host.profile })}
            </p>
          )}
          {host.recent.length > 0 && (
            <details>
              <summary className="cursor-pointer text-slate-600">{t('hosts.recent')}</summary>
              <ol className="mt-1 flex flex-col gap-0.5 font-mono text-xs text-slate-700">
                {host.recent.map((event) => (
                  <li key={`${event.at}-${event.outcome}`}>
                    {formatDate(event.at)} · {event.status ?? '—'} · {event.outcome}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
