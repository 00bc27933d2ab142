import { useTranslation } from 'react-i18next';
import { NotificationEvent } from '@capshelf/contract';
import { CheckboxGroup } from '../../components/CheckboxGroup';

/** Which events a channel gets: a checkbox each (the last checked one stays checked). */
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
    <CheckboxGroup
      legend={t('events')}
      options={NotificationEvent.options.map((event) => ({
        value: event,
        label: t(`event.${event}`),
      }))}
      value={value}
      onToggle={toggle}
      disabled={disabled}
    />
  );
}
