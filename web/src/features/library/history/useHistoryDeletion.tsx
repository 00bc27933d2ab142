import { useState } from 'react';
import toast from 'react-hot-toast';
import type { DeleteHistoryEpisodeResponse, HistoryEpisode } from '@capshelf/contract';
import { ApiError, useDeleteHistoryEpisode } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** Spec §8: '删除失败: {message}' (the server's text, else 'HTTP {status}'), else a generic retry. */
export function deleteFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return '删除失败，请重试';
  return `删除失败: ${error.detail ?? `HTTP ${error.status}`}`;
}

/** The server's message, and when the record was the work's last, that the work left too. */
export function deleteSuccess(answer: DeleteHistoryEpisodeResponse): string {
  if (!answer.work_removed) return answer.message;
  return `${answer.message}，作品「${answer.work_title}」已从搜索历史图库中移除`;
}

/** Delete dialog state (spec §4): open on ask, closed on success or cancel, locked while pending. */
export function useHistoryDeletion() {
  const [target, setTarget] = useState<HistoryEpisode | null>(null);
  const remove = useDeleteHistoryEpisode();

  const confirm = () => {
    if (!target) return;
    remove.mutate(target.history_id, {
      onSuccess: (answer) => {
        if (!answer.success) return void toast.error(`删除失败: ${answer.message}`);
        setTarget(null);
        toast.success(deleteSuccess(answer));
      },
      onError: (error) => toast.error(deleteFailure(error)),
    });
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title="确认删除"
      description={`确定要删除「${target?.episode_name ?? ''}」的浏览记录（${
        target?.image_count ?? 0
      } 张图片，浏览 ${target?.view_count ?? 0} 次）吗？此操作只会从搜索历史中删除该记录，不会删除图片缓存。`}
      confirmLabel="删除"
      pendingLabel="删除中..."
      onConfirm={confirm}
      pending={remove.isPending}
      danger
    />
  );
  return { ask: setTarget, dialog };
}
