import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { FollowUndo } from '@capshelf/contract';
import { errorMessage, useFollowWork } from '../../api';

/** How long the toast after an unfollow offers 撤销 (the server keeps the undo for a minute). */
export const UNDO_TOAST_MS = 6000;

interface Unfollowed {
  title: string;
  kind: 'anime' | 'tv';
  workUrl: string;
  /** What the unfollow answered: the follow's mode and times, sent back to undo it. */
  undo: FollowUndo;
}

/**
 * The toast after an unfollow: 已取消关注 and 撤销 for a few seconds. 撤销 follows the work again
 * with the same mode and times, so its unseen episodes stay new (the server's `restore`).
 */
export function offerUndo(unfollowed: Unfollowed): void {
  toast((shown) => <UndoUnfollow toastId={shown.id} unfollowed={unfollowed} />, {
    id: `unfollow:${unfollowed.kind}:${unfollowed.workUrl}`,
    duration: UNDO_TOAST_MS,
  });
}

function UndoUnfollow({ toastId, unfollowed }: { toastId: string; unfollowed: Unfollowed }) {
  const { t } = useTranslation('follows');
  const follow = useFollowWork();
  const undo = () => {
    const { mode, ...restore } = unfollowed.undo;
    // The promise settles even if the toast has gone by then.
    follow.mutateAsync({ work_url: unfollowed.workUrl, kind: unfollowed.kind, mode, restore }).then(
      () => toast.dismiss(toastId),
      (error: unknown) => {
        toast.dismiss(toastId);
        toast.error(errorMessage(error, t('toggle.failed')));
      },
    );
  };
  return (
    <span className="flex items-center gap-3">
      <span>{t('undo.done', { title: unfollowed.title })}</span>
      <button
        type="button"
        onClick={undo}
        disabled={follow.isPending}
        className="shrink-0 rounded px-2 py-1 font-semibold whitespace-nowrap text-sky-700 underline hover:bg-sky-50 disabled:opacity-60"
      >
        {follow.isPending ? t('undo.pending') : t('undo.button')}
      </button>
    </span>
  );
}
