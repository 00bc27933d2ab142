import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DeleteHistoryEpisodeResponse, HistoryEpisode } from '@capshelf/contract';
import { ApiError, errorMessage, useDeleteHistoryEpisode } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

type LibraryT = TFunction<'library'>;

/** '删除失败: {message}' (the server's text, else 'HTTP {status}'), else a generic retry. */
export function deleteFailure(error: unknown, t: LibraryT): string {
  if (!(error instanceof ApiError)) return t('history.deleteRetry');
  return t('history.deleteFailed', { message: errorMessage(error, `HTTP ${error.status}`) });
}

/**
 * The server's message (zh-CN) or the page's own (en), and when the record was the work's last,
 * that the work left too.
 */
export function deleteSuccess(
  answer: DeleteHistoryEpisodeResponse,
  episode: string,
  t: LibraryT,
): string {
  const values = { message: answer.message, episode, work: answer.work_title };
  return answer.work_removed ? t('history.deletedWork', values) : t('history.deleted', values);
}

/** Delete dialog state: open on ask, closed on success or cancel, locked while pending. */
export function useHistoryDeletion() {
  const [target, setTarget] = useState<HistoryEpisode | null>(null);
  const remove = useDeleteHistoryEpisode();
  const { t } = useTranslation('library');

  const confirm = () => {
    if (!target) return;
    const episode = target.episode_name;
    remove.mutate(target.history_id, {
      onSuccess: (answer) => {
        if (!answer.success) {
          return void toast.error(t('history.deleteFailed', { message: answer.message }));
        }
        setTarget(null);
        toast.success(deleteSuccess(answer, episode, t));
      },
      onError: (error) => toast.error(deleteFailure(error, t)),
    });
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title={t('history.deleteTitle')}
      description={t('history.deleteConfirm', {
        name: target?.episode_name ?? '',
        images: target?.image_count ?? 0,
        count: target?.view_count ?? 0,
      })}
      confirmLabel={t('history.delete')}
      pendingLabel={t('history.deleting')}
      onConfirm={confirm}
      pending={remove.isPending}
      danger
    />
  );
  return { ask: setTarget, dialog };
}
