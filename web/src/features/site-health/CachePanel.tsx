import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Eraser } from 'lucide-react';
import type { CacheOverview } from '@capshelf/contract';
import { errorMessage, useCacheOverview, useEvictCache } from '../../api';
import { buttonClass } from '../../components/button';
import { DefinitionList } from '../../components/DefinitionList';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { formatBytes } from '../downloads/size';
import { formatDate } from '../../lib/formatDate';

const GIB = 1024 ** 3;
/** How much 立即淘汰 frees: what the limits ask for (0), or a fixed amount. */
const AMOUNTS = [0, 0.1 * GIB, GIB, 10 * GIB].map(Math.round);

/** The shared image cache on the site-health page (admin): size, limits, free space, evictions. */
export function CachePanel() {
  const { t } = useTranslation('siteHealth');
  const overview = useCacheOverview();
  if (overview.isError)
    return (
      <ErrorBox
        title={t('common:loadFailed')}
        message={errorMessage(overview.error, t('cache.loadFailed'))}
        onRetry={() => void overview.refetch()}
      />
    );
  if (!overview.data) return <Spinner label={t('loading')} />;
  return (
    <>
      <CacheFigures data={overview.data} />
      <MinFreeOutOfReach data={overview.data} />
      <EvictNow />
    </>
  );
}

/** `CACHE_MIN_FREE` past what emptying the whole cache could free: the server leaves the cache be. */
function MinFreeOutOfReach({ data }: { data: CacheOverview }) {
  const { t } = useTranslation('siteHealth');
  const { free_bytes: free, size_bytes: size, min_free_bytes: minFree } = data;
  if (free === null || minFree === 0 || free + size >= minFree) return null;
  return (
    <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-800">
      {t('cache.minFreeOutOfReach')}
    </p>
  );
}

function CacheFigures({ data }: { data: CacheOverview }) {
  const { t, i18n } = useTranslation('siteHealth');
  const size = (bytes: number | null) => (bytes === null ? '—' : formatBytes(bytes, i18n.language));
  return (
    <DefinitionList
      rows={[
        [
          t('cache.size'),
          t('cache.sizeValue', {
            size: size(data.size_bytes),
            images: data.images,
            files: data.files,
          }),
        ],
        [t('cache.cap'), data.max_bytes === null ? t('cache.noCap') : size(data.max_bytes)],
        [t('cache.minFree'), size(data.min_free_bytes)],
        [
          t('cache.free'),
          data.disk_bytes === null
            ? size(data.free_bytes)
            : t('cache.freeOf', { free: size(data.free_bytes), disk: size(data.disk_bytes) }),
        ],
        [
          t('cache.evicted'),
          t('cache.evictedValue', {
            count: data.evicted_files,
            size: size(data.evicted_bytes),
            time: data.last_evicted_at ? formatDate(data.last_evicted_at) : t('cache.never'),
          }),
        ],
      ]}
    />
  );
}

function EvictNow() {
  const { t, i18n } = useTranslation('siteHealth');
  const evict = useEvictCache();
  const [amount, setAmount] = useState(0);
  const [favorites, setFavorites] = useState(false);
  const options = AMOUNTS.map((bytes) => ({
    value: bytes,
    label: bytes === 0 ? t('cache.byLimits') : formatBytes(bytes, i18n.language),
  }));
  const run = () =>
    evict.mutate(
      { bytes: amount || undefined, include_favorites: favorites },
      {
        onSuccess: (answer) =>
          toast.success(
            t('cache.evictDone', {
              count: answer.evicted_files,
              size: formatBytes(answer.evicted_bytes, i18n.language),
            }),
          ),
        onError: (error) => toast.error(errorMessage(error, t('cache.evictFailed'))),
      },
    );
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <p className="text-sm text-slate-600">{t('cache.evictHelp')}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <SelectField
          id="evict-amount"
          label={t('cache.amount')}
          value={amount}
          options={options}
          onChange={setAmount}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={favorites}
            onChange={(e) => setFavorites(e.target.checked)}
          />
          {t('cache.includeFavorites')}
        </label>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={evict.isPending}
          onClick={run}
        >
          <Eraser aria-hidden className="size-4" />
          {evict.isPending ? t('cache.evicting') : t('cache.evictNow')}
        </button>
      </div>
    </div>
  );
}
