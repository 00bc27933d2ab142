import { Send, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { NotificationChannel } from '@capshelf/contract';
import {
  errorMessage,
  useChangeNotificationChannel,
  useDeleteNotificationChannel,
  useTestNotificationChannel,
} from '../../api';
import { buttonClass } from '../../components/button';
import { formatDate } from '../../lib/formatDate';
import { EventChoice } from './EventChoice';

/** One channel: where it sends, its events, its last result, 发送测试 and delete. */
export function ChannelItem({ channel }: { channel: NotificationChannel }) {
  const { t } = useTranslation('notifications');
  const change = useChangeNotificationChannel();
  const test = useTestNotificationChannel();
  const remove = useDeleteNotificationChannel();
  const kind = channel.format ? t(`formats.${channel.format}`) : t('types.email');
  const failed = (error: unknown) => toast.error(errorMessage(error, t('failed')));
  return (
    <li className="flex flex-col gap-2 py-3 text-sm" data-testid="notification-channel">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-medium text-slate-900">{kind}</span>
          <span className="break-all text-slate-600" data-user-content="">
            {channel.target}
          </span>
        </div>
        <button
          type="button"
          onClick={() => void remove.mutateAsync(channel.id).catch(failed)}
          disabled={remove.isPending}
          aria-label={t('deleteNamed', { name: `${kind} ${channel.target}` })}
          title={t('delete')}
          className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-600"
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
      <EventChoice
        value={channel.events}
        disabled={change.isPending}
        onChange={(events) => void change.mutateAsync({ id: channel.id, events }).catch(failed)}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={test.isPending}
          onClick={() =>
            void test
              .mutateAsync(channel.id)
              .then(() => toast.success(t('tested')))
              .catch(failed)
          }
        >
          <Send aria-hidden className="mr-1 inline size-4" />
          {t('test')}
        </button>
        <LastResult channel={channel} />
      </div>
    </li>
  );
}

function LastResult({ channel }: { channel: NotificationChannel }) {
  const { t } = useTranslation('notifications');
  const last = channel.last_delivery;
  const result = !last
    ? null
    : last.ok
      ? last.status === null
        ? t('ok')
        : t('okStatus', { status: last.status })
      : t('failedStatus', { error: last.error ?? `HTTP ${last.status}` });
  return (
    <span
      className={`text-xs ${last && !last.ok ? 'text-red-600' : 'text-slate-500'}`}
      data-testid="last-result"
    >
      {last ? t('lastResult', { date: formatDate(last.at), result }) : t('never')}
      {channel.pending > 0 && ` · ${t('pending', { count: channel.pending })}`}
    </span>
  );
}
