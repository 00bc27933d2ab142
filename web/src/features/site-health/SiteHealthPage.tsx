import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { RefreshCw, ShieldCheck, Trash2 } from 'lucide-react';
import type { SiteHealthResponse } from '@capshelf/contract';
import { errorMessage, useClearClearance, useSiteHealth, useVerifyClearance } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { DefinitionList } from '../../components/DefinitionList';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { challengeText } from './challenge';
import { ClearanceForm } from './ClearanceForm';
import { DownImageHosts } from '../settings/DownImageHosts';
import { HostList } from './HostList';
import { formatDate } from '../../lib/formatDate';
import { usePageTitle } from '../../lib/usePageTitle';
import { formatRate, SOURCE_LABELS } from './labels';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** /site-health (admin): the source site's hosts, the clearance and the challenge solver. */
export function SiteHealthPage() {
  usePageTitle('站点状态');
  const health = useSiteHealth();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">站点状态</h1>
        <button
          type="button"
          className={`${buttonClass('secondary')} ml-auto`}
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw aria-hidden className={`size-4 ${health.isFetching ? 'animate-spin' : ''}`} />
          刷新
        </button>
      </div>
      {health.isError && (
        <ErrorBox
          title="加载失败"
          message={errorMessage(health.error, '无法获取站点状态')}
          onRetry={() => void health.refetch()}
        />
      )}
      {!health.data && !health.isError && <Spinner label="正在读取站点状态..." />}
      {health.data && <HealthView data={health.data} />}
    </div>
  );
}

function HealthView({ data }: { data: SiteHealthResponse }) {
  const { clearance, solver, pacing, cache } = data;
  return (
    <>
      <Card title="人机验证">
        {clearance.challenge_reason && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {formatDate(clearance.challenged_at)} 源站要求人机验证，未能通过：
            {challengeText(clearance.challenge_reason)}。
          </p>
        )}
        <DefinitionList
          rows={[
            ['凭据来源', clearance.source ? SOURCE_LABELS[clearance.source] : '无'],
            ['获取时间', formatDate(clearance.obtained_at)],
            ['Cookie', <code key="c">{clearance.cookie_masked ?? '—'}</code>],
            ['User-Agent', clearance.user_agent ?? '默认'],
            [
              '自动验证',
              solver.mode === 'off'
                ? '已关闭（UPSTREAM_CHALLENGE_SOLVER=off）'
                : solver.browser_installed
                  ? `已开启（Chromium，最长等待 ${Math.round(solver.timeout_ms / 1000)} 秒）`
                  : '已开启，但服务器上没有安装 Chromium（apt-get install chromium）',
            ],
            ['验证次数', `成功 ${solver.solves} 次，失败 ${solver.failures} 次`],
            ['上次验证', formatDate(solver.last_solve_at)],
          ]}
        />
        <ClearanceActions
          canSolve={solver.mode === 'auto'}
          hasStored={clearance.source === 'solver' || clearance.source === 'pasted'}
        />
      </Card>
      <Card title="粘贴凭据">
        <ClearanceForm />
      </Card>
      <Card title="源站主机">
        <HostList hosts={data.hosts} />
        <DownImageHosts hosts={data.image_hosts} />
      </Card>
      <Card title="请求节奏与缓存">
        <DefinitionList
          rows={[
            ['网页请求', `间隔 ${pacing.pages.spacing_ms} 毫秒，并发 ${pacing.pages.concurrency}`],
            [
              '缩略图请求（每个主机）',
              `间隔 ${pacing.thumbs.spacing_ms} 毫秒，并发 ${pacing.thumbs.concurrency}`,
            ],
            [
              '原图请求（每个主机）',
              `间隔 ${pacing.full.spacing_ms} 毫秒，并发 ${pacing.full.concurrency}`,
            ],
            ['随机抖动', `最多 ${pacing.jitter_ms} 毫秒`],
            [
              '冷却时间',
              `${Math.round(pacing.cooldown_ms / 1000)} 秒（源站未给出 Retry-After 时）`,
            ],
            ['超时与重试', `${Math.round(pacing.timeout_ms / 1000)} 秒，重试 ${pacing.retries} 次`],
            [
              '列表缓存命中率',
              `${formatRate(cache.listings.hit_rate)}（命中 ${cache.listings.hits}，未命中 ${cache.listings.misses}）`,
            ],
            [
              '图片缓存命中率',
              `${formatRate(cache.images.hit_rate)}（命中 ${cache.images.hits}，未命中 ${cache.images.misses}）`,
            ],
          ]}
        />
      </Card>
    </>
  );
}

function ClearanceActions({ canSolve, hasStored }: { canSolve: boolean; hasStored: boolean }) {
  const verify = useVerifyClearance();
  const clear = useClearClearance();
  return (
    <div className="flex flex-wrap gap-3">
      <button
        type="button"
        className={buttonClass()}
        disabled={verify.isPending}
        onClick={() =>
          verify.mutate(undefined, {
            onSuccess: ({ check }) =>
              check.ok ? toast.success(check.message) : toast.error(`验证未通过：${check.message}`),
            onError: (error) => toast.error(errorMessage(error, '验证失败')),
          })
        }
      >
        <ShieldCheck aria-hidden className="size-4" />
        {verify.isPending ? (canSolve ? '正在用浏览器验证...' : '正在验证...') : '立即验证'}
      </button>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={clear.isPending || !hasStored}
        onClick={() =>
          clear.mutate(undefined, {
            onSuccess: () => toast.success('已清除保存的凭据'),
            onError: (error) => toast.error(errorMessage(error, '清除失败')),
          })
        }
      >
        <Trash2 aria-hidden className="size-4" />
        清除凭据
      </button>
    </div>
  );
}
