import toast from 'react-hot-toast';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { CdnStatus } from '@capshelf/contract';
import { errorMessage, useCdnStatus, useCdnSwitch } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { DownImageHosts } from './DownImageHosts';
import { ThemeChoice } from './ThemeChoice';
import { usePageTitle } from '../../lib/usePageTitle';

const cdnLabels: Record<CdnStatus['current_cdn'], string> = { small: '小图CDN', large: '大图CDN' };
const statusLabels: Record<CdnStatus['status'], string> = {
  ok: '正常',
  degraded: '不稳定',
  rate_limited: '访问受限',
  unreachable: '无法连接',
};

/** /settings: the per-user image CDN preference (spec §2 Settings, §4 CDN states). */
export function SettingsPage() {
  usePageTitle('设置');
  const status = useCdnStatus();
  const cdnSwitch = useCdnSwitch();
  const current = status.data?.current_cdn;

  const choose = (useSmall: boolean) =>
    cdnSwitch.mutate(useSmall, {
      onSuccess: (next) => toast.success(`已切换到${cdnLabels[next.current_cdn]}`),
      onError: (error) => toast.error(errorMessage(error, '切换CDN失败')),
    });

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">设置</h1>
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <h2 className="text-lg font-semibold">图片CDN</h2>
          <button
            type="button"
            className={`${buttonClass('secondary')} ml-auto`}
            onClick={() => void status.refetch()}
            disabled={status.isFetching}
          >
            <RefreshCw
              aria-hidden
              className={`size-4 ${status.isFetching ? 'animate-spin' : ''}`}
            />
            刷新状态
          </button>
        </div>
        {status.isError && (
          <ErrorBox
            title="加载失败"
            message={errorMessage(status.error, '无法获取CDN状态')}
            onRetry={() => void status.refetch()}
          />
        )}
        {!status.data && !status.isError && <Spinner label="正在读取CDN状态..." />}
        {status.data && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-500">当前CDN</dt>
            <dd data-testid="current-cdn">{cdnLabels[status.data.current_cdn]}</dd>
            <dt className="text-slate-500">状态</dt>
            <dd data-testid="cdn-status">{statusLabels[status.data.status]}</dd>
          </dl>
        )}
        {status.data && <DownImageHosts hosts={status.data.hosts} />}
        <div className="flex gap-3">
          {([true, false] as const).map((useSmall) => {
            const cdn = useSmall ? 'small' : 'large';
            return (
              <button
                key={cdn}
                type="button"
                aria-pressed={current === cdn}
                className={buttonClass(current === cdn ? 'primary' : 'secondary')}
                disabled={!status.data || cdnSwitch.isPending || current === cdn}
                onClick={() => choose(useSmall)}
              >
                {cdnLabels[cdn]}
              </button>
            );
          })}
        </div>
        {cdnSwitch.isPending && <p className="text-sm text-slate-500">正在切换...</p>}
        {current === 'large' && (
          <p
            role="note"
            className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-800"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            大图CDN提供原始尺寸图片，但容易触发来源网站的访问频率限制。
          </p>
        )}
        <p className="text-sm text-slate-600">推荐使用小图CDN：加载更快，也更不容易被限制访问。</p>
      </div>
      <ThemeChoice />
      <p className="text-sm text-slate-500">更多设置功能正在开发中，敬请期待。</p>
    </section>
  );
}
