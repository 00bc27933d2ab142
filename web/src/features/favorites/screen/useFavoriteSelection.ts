import { useCallback, useMemo, useState } from 'react';
import type { FavoriteItemType, FavoriteLists } from '@capshelf/contract';
import { LIST_OF, type FavoriteIds } from '../../../api';

type Chosen = { [T in FavoriteItemType]: ReadonlySet<number> };
const NOTHING: Chosen = { work: new Set(), episode: new Set(), image: new Set() };

export interface FavoriteSelection {
  /** Chosen record ids per type, in list order; ids no longer listed are left out. */
  ids: FavoriteIds;
  count: number;
  isSelected: (type: FavoriteItemType, id: number) => boolean;
  toggle: (type: FavoriteItemType, id: number) => void;
  select: (type: FavoriteItemType, ids: readonly number[]) => void;
  clear: () => void;
}

/** The favourites screen's checkboxes, across all three tabs (a batch delete takes them all). */
export function useFavoriteSelection(lists: FavoriteLists | undefined): FavoriteSelection {
  const [chosen, setChosen] = useState(NOTHING);

  const toggle = useCallback((type: FavoriteItemType, id: number) => {
    setChosen((current) => {
      const next = new Set(current[type]);
      if (!next.delete(id)) next.add(id);
      return { ...current, [type]: next };
    });
  }, []);
  const select = useCallback((type: FavoriteItemType, ids: readonly number[]) => {
    setChosen((current) => ({ ...current, [type]: new Set([...current[type], ...ids]) }));
  }, []);
  const clear = useCallback(() => setChosen(NOTHING), []);

  return useMemo(() => {
    const listed = (type: FavoriteItemType) =>
      (lists?.[LIST_OF[type]] ?? []).map((item) => item.id).filter((id) => chosen[type].has(id));
    const ids = { work: listed('work'), episode: listed('episode'), image: listed('image') };
    return {
      ids,
      count: ids.work.length + ids.episode.length + ids.image.length,
      isSelected: (type, id) => chosen[type].has(id),
      toggle,
      select,
      clear,
    };
  }, [lists, chosen, toggle, select, clear]);
}
