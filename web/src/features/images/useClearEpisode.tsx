import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { errorMessage, useClearEpisodeCache, useEpisodeFiles } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSession } from '../auth';

/**
 * The toolbar's 清除缓存, per role. The cached listing and files are shared by every user, so only
 * an admin deletes them; for a user the same button re-reads the episode's list from the source
 * (the refresh) and leaves the shared files alone. Both ask first, saying what will happen.
 */
export function useClearEpisode(options: {
  episodeUrl: string;
  /** Images in the list on screen, for the dialog's text. */
  total: number | undefined;
  refresh: () => unknown;
}) {
  const { t } = useTranslation('images');
  const isAdmin = useSession().user?.role === 'admin';
  const [open, setOpen] = useState(false);
  const [rereading, setRereading] = useState(false);
  const clearCache = useClearEpisodeCache(options.episodeUrl);
  const files = useEpisodeFiles(options.episodeUrl, open && isAdmin);
  const pending = clearCache.isPending || rereading;

  const clear = () =>
    clearCache.mutate(undefined, {
      onSettled: () => setOpen(false),
      onSuccess: ({ listings, files: deleted }) =>
        toast.success(
          t('clear.done', { listings: listings.cleared_items, files: deleted.deleted_files }),
        ),
      onError: (error) => toast.error(t('clear.failed', { message: errorMessage(error) })),
    });
  const reread = async () => {
    setRereading(true);
    await options.refresh();
    setRereading(false);
    setOpen(false);
    toast.success(t('clear.reread'));
  };

  const listing =
    options.total === undefined ? '' : t('clear.listingCount', { count: options.total });
  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={t('clear.title')}
      description={
        isAdmin
          ? t('clear.description', {
              listing,
              files: files.data
                ? t('clear.files', { count: files.data.files, size: files.data.size_human })
                : t('clear.filesUnknown'),
            })
          : t('clear.userDescription', { listing })
      }
      confirmLabel={isAdmin ? t('clear.confirm') : t('clear.rereadConfirm')}
      pendingLabel={isAdmin ? t('clear.pending') : t('clear.rereading')}
      danger={isAdmin}
      pending={pending}
      onConfirm={isAdmin ? clear : () => void reread()}
    />
  );
  return { start: () => setOpen(true), pending, dialog };
}
