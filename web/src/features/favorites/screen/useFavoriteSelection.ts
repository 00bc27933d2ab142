import { useCallback, useMemo, useState } from 'react';
import type { FavoriteItemType, FavoriteLists } from '@capshelf/contract';
import { LIST_OF, type FavoriteIds } from '../../../api';
import { clickSelection, emptySelection, selectIds, type SelectionState } from '../../selection';

type Chosen = { [T in FavoriteItemType]: SelectionState };
const NOTHING: Chosen = { work: emptySelection, episode: emptySelection, image: emptySelection };

export interface FavoriteSelection {
  /** Chosen record ids per type, in list order; ids no longer listed are left out. */
  ids: FavoriteIds;
  isSelected: (type: FavoriteItemType, id: number) => boolean;
  /** A checkbox or a tile click; with `shift`, the range from the last one clicked in `order`. */
  click: (type: FavoriteItemType, id: number, shift?: boolean, order?: readonly number[]) => void;
  select: (type: FavoriteItemType, ids: readonly number[]) => void;
  clear: (type: FavoriteItemType) => void;
}

/**
 * The favourites screen's selection, one per tab: a tab shows, counts and deletes only its own
 * ticked items, and keeps them while another tab is shown.
 */
export function useFavoriteSelection(lists: FavoriteLists | undefined): FavoriteSelection {
  const [chosen, setChosen] = useState(NOTHING);

  const click = useCallback(
    (type: FavoriteItemType, id: number, shift = false, order: readonly number[] = []) =>
      setChosen((current) => ({
        ...current,
        [type]: clickSelection(current[type], order, id, shift),
      })),
    [],
  );
  const select = useCallback((type: FavoriteItemType, ids: readonly number[]) => {
    setChosen((current) => ({ ...current, [type]: selectIds(current[type], ids) }));
  }, []);
  const clear = useCallback(
    (type: FavoriteItemType) => setChosen((current) => ({ ...current, [type]: emptySelection })),
    [],
  );

  return useMemo(() => {
    const listed = (type: FavoriteItemType) =>
      (lists?.[LIST_OF[type]] ?? [])
        .map((item) => item.id)
        .filter((id) => chosen[type].selected.has(id));
    return {
      ids: { work: listed('work'), episode: listed('episode'), image: listed('image') },
      isSelected: (type, id) => chosen[type].selected.has(id),
      click,
      select,
      clear,
    };
  }, [lists, chosen, click, select, clear]);
}
