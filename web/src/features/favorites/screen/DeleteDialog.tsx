import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, useBatchDeleteFavorites, useFavoriteChange } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { DeleteTarget } from './controls';
import type { FavoriteSelection } from './useFavoriteSelection';

/** One favourite, or everything checked. */
export type DeleteRequest = DeleteTarget | 'selected';

/**
 * The delete confirmation of spec §4: closed -> open (single or batch) -> closed on success or
 * cancel; the buttons are disabled while the call runs; a batch delete clears the selection.
 */
export function useFavoriteDeletion(selection: FavoriteSelection) {
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const single = useFavoriteChange();
  const batch = useBatchDeleteFavorites();

  const confirm = async () => {
    try {
      if (request === 'selected') {
        const { deleted } = await batch.mutateAsync(selection.ids);
        selection.clear();
        toast.success(`已删除 ${deleted.works + deleted.episodes + deleted.images} 项收藏`);
      } else if (request) {
        await single.mutateAsync({ action: 'remove', type: request.type, id: request.id });
        toast.success('已删除收藏');
      }
      setRequest(null);
    } catch (error) {
      toast.error(`删除失败: ${errorMessage(error)}`);
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
  const { request } = deletion;
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && deletion.close()}
      title="确认删除"
      description={
        request === 'selected'
          ? `确定要删除选中的 ${count} 项收藏吗？此操作无法撤销。`
          : `确定要删除收藏「${request?.title ?? ''}」吗？`
      }
      confirmLabel="删除"
      pendingLabel="删除中..."
      onConfirm={() => void deletion.confirm()}
      pending={deletion.pending}
      danger
    />
  );
}
