import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ShieldCheck, Trash2 } from 'lucide-react';
import type { SiteHealthResponse } from '@capshelf/contract';
import { errorMessage, useClearClearance, useSiteHealth, useVerifyClearance } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { DefinitionList } from '../../components/DefinitionList';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { challengeText, checkMessage, lastCheckText } from './challenge';
import { CachePanel } from './CachePanel';
import { ClearanceForm } from './ClearanceForm';
import { AdminOnly } from '../admin/AdminOnly';
import { DownImageHosts } from '../settings/DownImageHosts';
import { HostList } from './HostList';
import { IdentityCard } from './IdentityCard';
import { formatDate } from '../../lib/formatDate';
import { usePageTitle } from '../../lib/usePageTitle';
import { formatRate } from './labels';
import { RefreshButton } from '../../components/RefreshButton';

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
  const { t } = useTranslation('siteHealth');
  usePageTitle(t('title'));
  // Anyone else gets the same 没有权限 page as 用户管理, not a failed request with a retry.
  return <AdminOnly refusal={t('forbidden')}>{() => <SiteHealth />}</AdminOnly>;
}

function SiteHealth() {
  const { t } = useTranslation('siteHealth');
  const health = useSiteHealth();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <RefreshButton
          className="ml-auto"
          label={t('refresh')}
          onRefresh={() => void health.refetch()}
          busy={health.isFetching}
        />
      </div>
      {health.isError && (
        <ErrorBox
          title={t('common:loadFailed')}
          message={errorMessage(health.error, t('loadFailed'))}
          onRetry={() => void health.refetch()}
        />
      )}
      {!health.data && !health.isError && <Spinner label={t('loading')} />}
      {health.data && <HealthView data={health.data} />}
    </div>
  );
}

function HealthView({ data }: { data: SiteHealthResponse }) {
  const { t } = useTranslation('siteHealth');
  const { clearance, solver, pacing, cache } = data;
  const seconds = (ms: number) => Math.round(ms / 1000);
  const cacheRate = (stats: typeof cache.listings) =>
    t('pacing.cacheRate', {
      rate: formatRate(stats.hit_rate),
      hits: stats.hits,
      misses: stats.misses,
    });
  return (
    <>
      <Card title={t('clearance.title')}>
        {clearance.challenge_reason && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {t('clearance.challenged', {
              time: formatDate(clearance.challenged_at),
              reason: challengeText(clearance.challenge_reason),
            })}
          </p>
        )}
        <DefinitionList
          rows={[
            [
              t('clearance.source'),
              clearance.source ? t(`clearance.sources.${clearance.source}`) : t('clearance.none'),
            ],
            [t('clearance.obtainedAt'), formatDate(clearance.obtained_at)],
            ['Cookie', <code key="c">{clearance.cookie_masked ?? '—'}</code>],
            ['User-Agent', clearance.user_agent ?? t('clearance.defaultAgent')],
            [
              t('solver.title'),
              solver.mode === 'off'
                ? t('solver.off')
                : solver.browser_installed
                  ? t('solver.on', { seconds: seconds(solver.timeout_ms) })
                  : t('solver.noBrowser'),
            ],
            [
              t('solver.count'),
              t('solver.counts', { solves: solver.solves, failures: solver.failures }),
            ],
            [
              t('solver.last'),
              solver.last_solve_at ? formatDate(solver.last_solve_at) : t('solver.never'),
            ],
            ...(solver.next_try_at
              ? [
                  [
                    t('solver.next'),
                    t('solver.nextAt', { time: formatDate(solver.next_try_at) }),
                  ] as [string, string],
                ]
              : []),
            [t('check.last'), lastCheckText(clearance.last_check)],
          ]}
        />
        <ClearanceActions
          canSolve={solver.mode === 'auto'}
          hasStored={clearance.source === 'solver' || clearance.source === 'pasted'}
        />
      </Card>
      <Card title={t('identity.title')}>
        <IdentityCard identity={data.identity} />
      </Card>
      <Card title={t('form.title')}>
        <ClearanceForm />
      </Card>
      <Card title={t('hosts.title')}>
        <HostList hosts={data.hosts} />
        <DownImageHosts hosts={data.image_hosts} />
      </Card>
      <Card title={t('cache.title')}>
        <CachePanel />
      </Card>
      <Card title={t('pacing.title')}>
        <DefinitionList
          rows={[
            [t('pacing.pages'), t('pacing.lane', pacing.pages)],
            [t('pacing.thumbs'), t('pacing.lane', pacing.thumbs)],
            [t('pacing.full'), t('pacing.lane', pacing.full)],
            [t('pacing.jitter'), t('pacing.jitterValue', { ms: pacing.jitter_ms })],
            [
              t('pacing.cooldown'),
              t('pacing.cooldownValue', { seconds: seconds(pacing.cooldown_ms) }),
            ],
            [
              t('pacing.timeout'),
              t('pacing.timeoutValue', {
                seconds: seconds(pacing.timeout_ms),
                retries: pacing.retries,
              }),
            ],
            [t('pacing.listings'), cacheRate(cache.listings)],
            [t('pacing.images'), cacheRate(cache.images)],
          ]}
        />
      </Card>
    </>
  );
}

function ClearanceActions({ canSolve, hasStored }: { canSolve: boolean; hasStored: boolean }) {
  const { t } = useTranslation('siteHealth');
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
              check.ok
                ? toast.success(checkMessage(check))
                : toast.error(t('check.failedWith', { message: checkMessage(check) })),
            onError: (error) => toast.error(errorMessage(error, t('check.failed'))),
          })
        }
      >
        <ShieldCheck aria-hidden className="size-4" />
        {verify.isPending
          ? canSolve
            ? t('check.pendingBrowser')
            : t('check.pending')
          : t('check.now')}
      </button>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={clear.isPending || !hasStored}
        onClick={() =>
          clear.mutate(undefined, {
            onSuccess: () => toast.success(t('clear.done')),
            onError: (error) => toast.error(errorMessage(error, t('clear.failed'))),
          })
        }
      >
        <Trash2 aria-hidden className="size-4" />
        {t('clear.label')}
      </button>
    </div>
  );
}
