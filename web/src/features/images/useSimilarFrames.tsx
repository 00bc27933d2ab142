import { useMemo, useState, type ReactNode } from 'react';
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
        隐藏相似帧
        {on && query.isFetching && <span className="text-xs text-slate-500">（比对中…）</span>}
        {on && query.data && (
          <span className="text-xs text-slate-500">
            （已隐藏 {query.data.hidden_ids.length} 张）
          </span>
        )}
        {on && query.isError && <span className="text-xs text-red-700">（比对失败）</span>}
      </label>
    ),
  };
}
