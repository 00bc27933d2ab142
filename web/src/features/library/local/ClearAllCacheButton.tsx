import { useState } from 'react';
import toast from 'react-hot-toast';
import { Trash2 } from 'lucide-react';
import { errorMessage, useCacheStats, useClearAllImageFiles } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { buttonClass } from '../../../components/button';

/** Admin only (the server answers 403 to others): every cached image file goes. */
export function ClearAllCacheButton() {
  const [asking, setAsking] = useState(false);
  const clear = useClearAllImageFiles();
  const stats = useCacheStats();
  // Says how much goes before anything does.
  const amount = stats.data
    ? `全部 ${stats.data.total_images} 张图片（${stats.data.size_human}）`
    : '全部图片文件';
  const confirm = () =>
    clear.mutate(undefined, {
      onSuccess: ({ message }) => {
        setAsking(false);
        toast.success(message);
      },
      onError: (error) => {
        setAsking(false);
        toast.error(`清除缓存失败：${errorMessage(error)}。提示：请尝试刷新页面后重试。`);
      },
    });
  return (
    <>
      <button type="button" className={buttonClass('danger')} onClick={() => setAsking(true)}>
        <Trash2 aria-hidden className="size-4" />
        清除全部缓存
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="清除全部缓存"
        description={`将删除服务器上缓存的${amount}，之后再次浏览需要重新从源站获取。确定继续吗？`}
        confirmLabel="清除"
        pendingLabel="清除中..."
        onConfirm={confirm}
        pending={clear.isPending}
        danger
      />
    </>
  );
}
