import type { WorkDownloadEstimate } from '@capshelf/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './size';
import { timeLeftText } from './timeLeft';

/**
 * What the whole-work download would take before it starts: images (how many are cached), size
 * and time at the configured pace, marked approximate when some episodes are not read yet; or
 * why it cannot start now.
 */
export function WorkEstimate({
  estimate,
  failed,
}: {
  estimate: WorkDownloadEstimate | undefined;
  failed: boolean;
}) {
  const { t, i18n } = useTranslation('downloads');
  if (estimate?.limit_reached) {
    const { kind, max } = estimate.limit_reached;
    return (
      <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
        {t(kind === 'work' ? 'estimate.workLimit' : 'estimate.taskLimit', { count: max })}
      </p>
    );
  }
  const text = (() => {
    if (failed) return t('estimate.failed');
    if (!estimate) return t('estimate.pending');
    if (estimate.images === null) return t('estimate.unknown');
    return t(estimate.approximate ? 'estimate.approximate' : 'estimate.exact', {
      count: estimate.images,
      cached: estimate.cached_images,
      known: estimate.episodes_known,
      episodes: estimate.episodes,
      size: formatBytes(estimate.bytes ?? 0, i18n.language),
      time: estimate.seconds ? timeLeftText(estimate.seconds, t) : t('estimate.noWait'),
    });
  })();
  return (
    <p className="text-sm text-slate-700" data-testid="work-estimate" aria-live="polite">
      {text}
    </p>
  );
}
