import { useTranslation } from 'react-i18next';
import { NotificationEvent } from '@capshelf/contract';

/** Which events a channel gets: a checkbox each (at least one stays checked). */
export function EventChoice({
  value,
  onChange,
  disabled,
}: {
  value: NotificationEvent[];
  onChange: (events: NotificationEvent[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('notifications');
  const toggle = (event: NotificationEvent) => {
    const next = value.includes(event) ? value.filter((e) => e !== event) : [...value, event];
    if (next.length > 0) onChange(NotificationEvent.options.filter((e) => next.includes(e)));
  };
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">{t('events')}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {NotificationEvent.options.map((event) => (
          <label key={event} className="flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={value.includes(event)}
              disabled={disabled}
              onChange={() => toggle(event)}
            />
            {t(`event.${event}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
