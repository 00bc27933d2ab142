import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Check, TriangleAlert } from 'lucide-react';
import type { CdnStatus } from '@capshelf/contract';
import { errorMessage, useCdnStatus, useCdnSwitch } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { DownImageHosts } from './DownImageHosts';
import { ThemeChoice } from './ThemeChoice';
import { usePageTitle } from '../../lib/usePageTitle';
import { Bookmarklet } from './Bookmarklet';
import { DataCredits } from './DataCredits';
import { LanguageChoice } from './LanguageChoice';
import { RefreshButton } from '../../components/RefreshButton';

type Cdn = CdnStatus['current_cdn'];

/**
 * /settings: language, theme, the per-user image CDN preference, the bookmarklet that opens a
 * source-site page here, and the data credits.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('title'));
  const cdnLabel = (cdn: Cdn) => t(`cdn.name.${cdn}`);
  const status = useCdnStatus();
  const cdnSwitch = useCdnSwitch();
  const current = status.data?.current_cdn;

  const choose = (useSmall: boolean) =>
    cdnSwitch.mutate(useSmall, {
      onSuccess: (next) => toast.success(t('cdn.switched', { cdn: cdnLabel(next.current_cdn) })),
      onError: (error) => toast.error(errorMessage(error, t('cdn.switchFailed'))),
    });

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <LanguageChoice />
      <ThemeChoice />
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <h2 className="text-lg font-semibold">{t('cdn.title')}</h2>
          <RefreshButton
            className="ml-auto"
            label={t('cdn.refresh')}
            onRefresh={() => void status.refetch()}
            busy={status.isFetching}
          />
        </div>
        {status.isError && (
          <ErrorBox
            title={t('common:loadFailed')}
            message={errorMessage(status.error, t('cdn.loadFailed'))}
            onRetry={() => void status.refetch()}
          />
        )}
        {!status.data && !status.isError && <Spinner label={t('cdn.loading')} />}
        {status.data && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-500">{t('cdn.current')}</dt>
            <dd data-testid="current-cdn">{cdnLabel(status.data.current_cdn)}</dd>
            <dt className="text-slate-500">{t('cdn.status')}</dt>
            <dd data-testid="cdn-status">{t(`cdn.state.${status.data.status}`)}</dd>
          </dl>
        )}
        {status.data && <DownImageHosts hosts={status.data.hosts} />}
        <div className="flex gap-3">
          {([true, false] as const).map((useSmall) => {
            const cdn = useSmall ? 'small' : 'large';
            const selected = current === cdn;
            // The chosen one is pressed, filled and ticked, never greyed out as if unavailable.
            return (
              <button
                key={cdn}
                type="button"
                aria-pressed={selected}
                className={buttonClass(selected ? 'primary' : 'secondary')}
                disabled={!status.data || cdnSwitch.isPending}
                onClick={() => !selected && choose(useSmall)}
              >
                {selected && <Check aria-hidden className="size-4" />}
                {cdnLabel(cdn)}
              </button>
            );
          })}
        </div>
        {cdnSwitch.isPending && <p className="text-sm text-slate-500">{t('cdn.switching')}</p>}
        {current === 'large' && (
          <p
            role="note"
            className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-800"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('cdn.largeWarning')}
          </p>
        )}
        <p className="text-sm text-slate-600">{t('cdn.recommendSmall')}</p>
      </div>
      <Bookmarklet />
      <DataCredits />
    </section>
  );
}
