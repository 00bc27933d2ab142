import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Eraser } from 'lucide-react';
import type { CacheOverview, EvictResponse } from '@capshelf/contract';
import { errorMessage, useEvictCache } from '../../api';
import { buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/SelectField';
import { formatBytes } from '../downloads/size';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;
/** How much 立即淘汰 frees: what the limits ask for (0), or a round amount, named as it is. */
const AMOUNTS: readonly (readonly [bytes: number, amount: number, unit: string])[] = [
  [0, 0, ''],
  [100 * MIB, 100, 'MB'],
  [GIB, 1, 'GB'],
  [10 * GIB, 10, 'GB'],
];

/** About what the limits ask the server to evict now (it adds a little slack); 0: nothing. */
function overLimits(data: CacheOverview): number {
  const over = data.max_bytes === null ? 0 : data.size_bytes - data.max_bytes;
  const short = data.free_bytes === null ? 0 : data.min_free_bytes - data.free_bytes;
  // A shortfall past the whole cache is out of its reach: the server leaves the cache be.
  return Math.max(over, short > data.size_bytes ? 0 : short, 0);
}

/** What the confirmation says will go: an amount, the whole cache, or nothing. */
function useWhatGoes(data: CacheOverview, amount: number, favorites: boolean): string {
  const { t, i18n } = useTranslation('siteHealth');
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const bytes = amount || overLimits(data);
  const what =
    bytes <= 0
      ? t('cache.confirm.nothing')
      : bytes >= data.size_bytes
        ? t('cache.confirm.all', { size: size(data.size_bytes), count: data.files })
        : t('cache.confirm.some', { size: size(bytes), total: size(data.size_bytes) });
  if (bytes <= 0) return what;
  const kept = favorites ? t('cache.confirm.favoritesGo') : t('cache.confirm.favoritesKept');
  return `${what}${kept}${t('cache.confirm.libraries')}`;
}

/**
 * 立即淘汰: asks first (what goes, and that the libraries, built on the cache, shrink with it),
 * then writes what was evicted on the card; the figures above are read again.
 */
export function EvictNow({ data }: { data: CacheOverview }) {
  const { t, i18n } = useTranslation('siteHealth');
  const evict = useEvictCache();
  const [amount, setAmount] = useState(0);
  const [favorites, setFavorites] = useState(false);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<EvictResponse | null>(null);
  const whatGoes = useWhatGoes(data, amount, favorites);
  const number = new Intl.NumberFormat(i18n.language);
  const options = AMOUNTS.map(([bytes, value, unit]) => ({
    value: bytes,
    label: bytes === 0 ? t('cache.byLimits') : `${number.format(value)} ${unit}`,
  }));
  const run = () =>
    evict.mutate(
      { bytes: amount || undefined, include_favorites: favorites },
      {
        onSuccess: (answer) => setDone(answer),
        onError: (error) => toast.error(errorMessage(error, t('cache.evictFailed'))),
        onSettled: () => setAsking(false),
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
          onClick={() => setAsking(true)}
        >
          <Eraser aria-hidden className="size-4" />
          {evict.isPending ? t('cache.evicting') : t('cache.evictNow')}
        </button>
      </div>
      <p role="status" className="text-sm font-medium text-slate-800">
        {done &&
          (done.evicted_files === 0
            ? t('cache.nothingEvicted')
            : t('cache.evictDone', {
                count: done.evicted_files,
                size: formatBytes(done.evicted_bytes, i18n.language),
              }))}
      </p>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('cache.confirm.title')}
        description={whatGoes}
        confirmLabel={t('cache.evictNow')}
        pendingLabel={t('cache.evicting')}
        pending={evict.isPending}
        danger
        onConfirm={run}
      />
    </div>
  );
}
