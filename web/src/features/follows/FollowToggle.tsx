import toast from 'react-hot-toast';
import { Bell, BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage, findFollow, useFollows, useFollowWork, useUnfollow } from '../../api';
import { useSession } from '../auth';
import { offerUndo } from './UndoUnfollow';

interface FollowToggleProps {
  /** The work as the server named it (kind and id), and its address to send back. */
  work: { kind: string; id: number };
  workUrl: string;
  /** Compact: an icon only (on a card); otherwise the icon with its word. */
  compact?: boolean;
  className?: string;
}

/** 关注 / 已关注 of a show, for signed-in users; a movie gains no episodes and shows none. */
export function FollowToggle({
  work,
  workUrl,
  compact = false,
  className = '',
}: FollowToggleProps) {
  const { t } = useTranslation('follows');
  const signedIn = useSession().status === 'authenticated';
  const follows = useFollows(signedIn);
  const follow = useFollowWork();
  const unfollow = useUnfollow();
  if (!signedIn || (work.kind !== 'anime' && work.kind !== 'tv')) return null;

  const current = findFollow(follows.data, work);
  const busy = follows.isLoading || follow.isPending || unfollow.isPending;
  const label = current ? t('toggle.following') : t('toggle.follow');
  const failed = (error: unknown) => toast.error(errorMessage(error, t('toggle.failed')));
  const toggle = () => {
    if (!current) {
      follow.mutateAsync({ work_url: workUrl, kind: work.kind as 'anime' | 'tv' }).catch(failed);
      return;
    }
    // One click unfollows; the toast offers 撤销 for a few seconds, bringing the follow back as it was.
    const { title, kind } = current;
    unfollow
      .mutateAsync(current.id)
      .then(({ undo }) => offerUndo({ title, kind, workUrl, undo }), failed);
  };
  const Icon = current ? BellRing : Bell;
  return (
    <button
      type="button"
      aria-pressed={Boolean(current)}
      aria-label={label}
      title={current ? t('toggle.unfollowHint') : t('toggle.followHint')}
      disabled={busy}
      onClick={toggle}
      className={`inline-flex items-center gap-1.5 transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
    >
      <Icon aria-hidden className={`size-5 ${current ? 'fill-sky-100 text-sky-600' : ''}`} />
      {!compact && <span>{label}</span>}
    </button>
  );
}
