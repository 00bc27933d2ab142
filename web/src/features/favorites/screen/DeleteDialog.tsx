import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { errorMessage, useBatchDeleteFavorites, useFavoriteChange } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { DeleteTarget } from './controls';
import type { FavoriteItemType } from '@capshelf/contract';
import type { FavoriteSelection } from './useFavoriteSelection';

/** One favourite, or everything checked on the tab shown. */
export type DeleteRequest = DeleteTarget | 'selected';

const NONE = { work: [], episode: [], image: [] } as const;

/**
 * The delete confirmation: closed -> open (single or batch) -> closed on success or
 * cancel; the buttons are disabled while the call runs. A batch delete takes what is ticked on
 * the tab shown (`type`), never another tab's, and clears that tab's selection.
 */
export function useFavoriteDeletion(selection: FavoriteSelection, type: FavoriteItemType) {
  const { t } = useTranslation('favorites');
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const single = useFavoriteChange();
  const batch = useBatchDeleteFavorites();

  const confirm = async () => {
    try {
      if (request === 'selected') {
        const { deleted } = await batch.mutateAsync({ ...NONE, [type]: selection.ids[type] });
        selection.clear(type);
        const count = deleted.works + deleted.episodes + deleted.images;
        toast.success(t('delete.doneMany', { count }));
      } else if (request) {
        await single.mutateAsync({ action: 'remove', type: request.type, id: request.id });
        toast.success(t('delete.done'));
      }
      setRequest(null);
    } catch (error) {
      toast.error(t('delete.failed', { message: errorMessage(error) }));
    }
  };

  return {
    request,
    ask: setRequest,
    close: () => setRequest(null),
    confirm,
    pending: single.isPending || batch.isPending,
  };
}

export function DeleteDialog({
  deletion,
  count,
}: {
  deletion: ReturnType<typeof useFavoriteDeletion>;
  count: number;
}) {
  const { t } = useTranslation('favorites');
  const { request } = deletion;
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && deletion.close()}
      title={t('delete.title')}
      description={
        request === 'selected'
          ? t('delete.confirmMany', { count })
          : t('delete.confirmOne', { title: request?.title ?? '' })
      }
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.pending')}
      onConfirm={() => void deletion.confirm()}
      pending={deletion.pending}
      danger
    />
  );
}
