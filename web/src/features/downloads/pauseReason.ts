import type { TFunction } from 'i18next';

/**
 * The server writes a paused task's reason as Chinese text; the two it writes (a cool-down on a
 * host, the source away) are told in the page's language, anything else as the server wrote it.
 */
export function pauseReasonText(reason: string | null, t: TFunction<'downloads'>): string {
  if (reason === null) return t('pause.unavailable');
  const cooling = /^源站限流冷却中（(.+)），(\d+) 秒后自动继续$/.exec(reason);
  if (cooling) return t('pause.cooling', { host: cooling[1], count: Number(cooling[2]) });
  const away = /^源站暂时无法访问，(\d+) 秒后自动重试$/.exec(reason);
  if (away) return t('pause.away', { count: Number(away[1]) });
  return reason;
}
