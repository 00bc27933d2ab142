import type { TFunction } from 'i18next';

/** "约 40 秒" / "约 12 分钟" / "约 2 小时 5 分钟": the tray's estimate of time left. */
export function timeLeftText(seconds: number, t: TFunction<'downloads'>): string {
  if (seconds < 60) return t('eta.seconds', { count: Math.max(1, seconds) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('eta.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest > 0
    ? t('eta.hoursMinutes', { count: hours, minutes: rest })
    : t('eta.hours', { count: hours });
}
