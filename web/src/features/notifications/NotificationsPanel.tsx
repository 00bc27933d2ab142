import { useTranslation } from 'react-i18next';
import { useNotificationChannels } from '../../api';
import { AddChannelForm } from './AddChannelForm';
import { ChannelItem } from './ChannelItem';

/** The profile's 通知: the account's channels, their events and last results, and a new one. */
export function NotificationsPanel() {
  const { t } = useTranslation('notifications');
  const channels = useNotificationChannels();
  const data = channels.data;
  return (
    <section
      aria-labelledby="notifications-heading"
      className="mx-auto flex w-full max-w-md flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      {data?.channels.length === 0 && <p className="text-sm text-slate-500">{t('empty')}</p>}
      <ul className="flex flex-col divide-y divide-slate-100">
        {data?.channels.map((channel) => (
          <ChannelItem key={channel.id} channel={channel} />
        ))}
      </ul>
      {data &&
        (data.channels.length < data.max_channels ? (
          <AddChannelForm emailAvailable={data.email_available} />
        ) : (
          <p className="text-sm text-slate-500">{t('limit', { count: data.max_channels })}</p>
        ))}
    </section>
  );
}
