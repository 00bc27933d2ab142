import { useTranslation } from 'react-i18next';
import type { ImageHostState } from '@capshelf/contract';

/** Image hosts the server learnt are down: skipped (the next host serves) until a later probe. */
export function DownImageHosts({ hosts }: { hosts: ImageHostState[] }) {
  const { t, i18n } = useTranslation('settings');
  const down = hosts.filter((host) => host.state === 'down');
  if (down.length === 0) return null;
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, { hour: 'numeric', minute: '2-digit' });
  return (
    <div role="status" className="flex flex-col gap-1 rounded-md bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-800">{t('hosts.title')}</p>
      <ul className="flex flex-col gap-1 text-slate-600">
        {down.map((host) => (
          <li key={host.host} className="break-all">
            <span className="font-mono">{host.host}</span>
            {t('hosts.failing', { count: host.failures_in_a_row })}
            {host.down_until && t('hosts.retryAt', { time: time(host.down_until) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
