import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationEvent, WebhookFormat } from '@capshelf/contract';
import { errorMessage, useAddNotificationChannel } from '../../api';
import { FormError } from '../../components/FormError';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import { EventChoice } from './EventChoice';

type ChannelType = 'webhook' | 'email';

/** A new channel: a webhook (format and address) or, when the server can mail, e-mail. */
export function AddChannelForm({ emailAvailable }: { emailAvailable: boolean }) {
  const { t } = useTranslation('notifications');
  const add = useAddNotificationChannel();
  const [type, setType] = useState<ChannelType>('webhook');
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<NotificationEvent[]>([...NotificationEvent.options]);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add
      .mutateAsync(type === 'email' ? { type, events } : { type, format, url, events })
      .then(() => setUrl(''))
      .catch((failure: unknown) => setError(errorMessage(failure, t('failed'))));
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <SelectField
          id="channel-type"
          label={t('type')}
          value={type}
          options={(['webhook', 'email'] as const).map((value) => ({
            value,
            label: t(`types.${value}`),
          }))}
          onChange={setType}
          disabled={!emailAvailable}
          title={emailAvailable ? undefined : t('noEmail')}
        />
        {type === 'webhook' && (
          <SelectField
            id="channel-format"
            label={t('format')}
            value={format}
            options={WebhookFormat.options.map((value) => ({
              value,
              label: t(`formats.${value}`),
            }))}
            onChange={setFormat}
          />
        )}
      </div>
      {type === 'webhook' ? (
        <FormField
          id="channel-url"
          label={t('url')}
          value={url}
          onChange={setUrl}
          type="url"
          inputMode="url"
          placeholder="https://ntfy.sh/my-topic"
          maxLength={2000}
          required
        />
      ) : (
        <p className="text-sm text-slate-600">{t('emailTo')}</p>
      )}
      {!emailAvailable && <p className="text-xs text-slate-500">{t('noEmail')}</p>}
      <EventChoice value={events} onChange={setEvents} />
      <FormError message={error} />
      <div>
        <button type="submit" className={buttonClass()} disabled={add.isPending}>
          {t('add')}
        </button>
      </div>
    </form>
  );
}
