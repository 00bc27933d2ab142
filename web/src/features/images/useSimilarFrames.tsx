import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DOWNLOAD_IMAGES, type ImageItem } from '@capshelf/contract';
import { useNearDuplicates } from '../../api';

const NONE: ReadonlySet<number> = new Set();

/**
 * 隐藏相似帧 for one episode's grid: when on, the server compares the thumbnails' perceptual
 * hashes in order and the frames that repeat the one before them are left out of the grid.
 */
export function useSimilarFrames(
  images: readonly ImageItem[],
  available: boolean,
): { hidden: ReadonlySet<number>; toggle: ReactNode } {
  const { t } = useTranslation('images');
  const [on, setOn] = useState(false);
  const request = useMemo(
    () =>
      on && images.length > 0
        ? {
            kind: images[0]!.kind,
            image_ids: images.slice(0, MAX_DOWNLOAD_IMAGES).map((image) => image.id),
          }
        : null,
    [on, images],
  );
  const query = useNearDuplicates(request);
  const hidden = useMemo(
    () => (on && query.data ? new Set(query.data.hidden_ids) : NONE),
    [on, query.data],
  );
  if (!available) return { hidden: NONE, toggle: null };
  return {
    hidden,
    toggle: (
      <label className="flex items-center gap-1.5 text-sm text-slate-600">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        {t('similar.toggle')}
        {on && query.isFetching && (
          <span className="text-xs text-slate-500">{t('similar.comparing')}</span>
        )}
        {on && query.data && (
          <span className="text-xs text-slate-500">
            {t('similar.hidden', { count: query.data.hidden_ids.length })}
          </span>
        )}
        {on && query.isError && <span className="text-xs text-red-700">{t('similar.failed')}</span>}
      </label>
    ),
  };
}
