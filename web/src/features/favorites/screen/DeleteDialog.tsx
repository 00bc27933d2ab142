import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { errorMessage, useBatchDeleteFavorites, useFavoriteChange } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { DeleteTarget } from './controls';
import type { FavoriteSelection } from './useFavoriteSelection';

/** One favourite, or everything checked. */
export type DeleteRequest = DeleteTarget | 'selected';

/**
 * The delete confirmation: closed -> open (single or batch) -> closed on success or
 * cancel; the buttons are disabled while the call runs; a batch delete clears the selection.
 */
export function useFavoriteDeletion(selection: FavoriteSelection) {
  const { t } = useTranslation('favorites');
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const single = useFavoriteChange();
  const batch = useBatchDeleteFavorites();

  const confirm = async () => {
    try {
      if (request === 'selected') {
        const { deleted } = await batch.mutateAsync(selection.ids);
        selection.clear();
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
