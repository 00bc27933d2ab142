import { useTranslation } from 'react-i18next';
import type { DownloadTask } from '../../api';

/**
 * What a task holds, in words (the archive's name alone cannot say it): the work, how many
 * episodes or selected images, the size, the layout of a dataset, and where it goes.
 */
export function TaskHolds({ task }: { task: DownloadTask }) {
  const { t } = useTranslation('downloads');
  const parts = [
    task.work_title,
    task.job === 'work'
      ? task.episodes_total !== null && t('row.holds.episodes', { count: task.episodes_total })
      : t('row.holds.selection', { count: task.file_count }),
    task.size && t(`size.${task.size}`),
    task.layout !== 'plain' &&
      t('row.holds.layout', { layout: t(`export.layouts.${task.layout}`) }),
    task.destination === 'library' && t('row.holds.toLibrary'),
    task.destination === 'both' && t('row.holds.toBoth'),
  ].filter(Boolean);
  return (
    <p className="text-xs text-slate-600" data-user-content="">
      {parts.join(' · ')}
    </p>
  );
}
