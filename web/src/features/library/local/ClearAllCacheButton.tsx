import { useState } from 'react';
import toast from 'react-hot-toast';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useCacheStats, useClearAllImageFiles } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { buttonClass } from '../../../components/button';

/** Admin only (the server answers 403 to others): every cached image file goes. */
export function ClearAllCacheButton() {
  const [asking, setAsking] = useState(false);
  const clear = useClearAllImageFiles();
  const stats = useCacheStats();
  const { t } = useTranslation('library');
  // Says how much goes before anything does.
  const amount = stats.data
    ? t('clearAll.amount', { count: stats.data.total_images, size: stats.data.size_human })
    : t('clearAll.allFiles');
  const confirm = () =>
    clear.mutate(undefined, {
      onSuccess: ({ message, deleted_files }) => {
        setAsking(false);
        toast.success(t('clearAll.done', { message, count: deleted_files }));
      },
      onError: (error) => {
        setAsking(false);
        toast.error(t('clearAll.failed', { message: errorMessage(error) }));
      },
    });
  return (
    <>
      <button type="button" className={buttonClass('danger')} onClick={() => setAsking(true)}>
        <Trash2 aria-hidden className="size-4" />
        {t('clearAll.title')}
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('clearAll.title')}
        description={t('clearAll.description', { amount })}
        confirmLabel={t('clearAll.confirm')}
        pendingLabel={t('clearAll.pending')}
        onConfirm={confirm}
        pending={clear.isPending}
        danger
      />
    </>
  );
}
