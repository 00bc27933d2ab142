import { useTranslation } from 'react-i18next';
import type { CacheOverview } from '@capshelf/contract';
import { errorMessage, useCacheOverview } from '../../api';
import { DefinitionList } from '../../components/DefinitionList';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { formatBytes } from '../downloads/size';
import { formatDate } from '../../lib/formatDate';
import { EvictNow } from './EvictNow';

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
      <EvictNow data={overview.data} />
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
