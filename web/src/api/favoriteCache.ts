import type {
  FavoriteEpisode,
  FavoriteImage,
  FavoriteItemType,
  FavoriteLists,
  FavoritesResponse,
  FavoriteWork,
} from '@capshelf/contract';

/** The record type of each favourite kind, and the list holding it in GET /favorites. */
export interface FavoriteRecords {
  work: FavoriteWork;
  episode: FavoriteEpisode;
  image: FavoriteImage;
}
export type FavoriteRecord = FavoriteRecords[FavoriteItemType];
export const LIST_OF = { work: 'works', episode: 'episodes', image: 'images' } as const;

type Cached = FavoritesResponse | undefined;

/**
 * Pure edits of the cached GET /favorites answer for optimistic toggles. `type` names the list,
 * so the record's own type is trusted to match it (the callers pair them by construction).
 */
function update(
  cached: Cached,
  type: FavoriteItemType,
  change: (list: FavoriteRecord[]) => FavoriteRecord[],
): Cached {
  if (!cached) return cached;
  const data = { ...cached.data, [LIST_OF[type]]: change(cached.data[LIST_OF[type]]) };
  return { ...cached, data: data as FavoriteLists };
}

/** Puts `record` at `index` (newest first by default), dropping any copy with its id. */
export function insertRecord(
  cached: Cached,
  type: FavoriteItemType,
  record: FavoriteRecord,
  index = 0,
): Cached {
  return update(cached, type, (list) => {
    const rest = list.filter((item) => item.id !== record.id);
    return [...rest.slice(0, index), record, ...rest.slice(index)];
  });
}

export function removeRecord(cached: Cached, type: FavoriteItemType, id: number): Cached {
  return update(cached, type, (list) => list.filter((item) => item.id !== id));
}

/** The saved record takes its draft's place; an add that found an existing favourite drops it. */
export function replaceRecord(
  cached: Cached,
  type: FavoriteItemType,
  draftId: number,
  record: FavoriteRecord,
): Cached {
  return update(cached, type, (list) => {
    const others = list.filter((item) => item.id !== record.id);
    return others.some((item) => item.id === draftId)
      ? others.map((item) => (item.id === draftId ? record : item))
      : [record, ...others];
  });
}

/** Where a record sits in the cached list, so a failed removal puts it back in place. */
export function findRecord(
  cached: Cached,
  type: FavoriteItemType,
  id: number,
): { record: FavoriteRecord; index: number } | null {
  const list: FavoriteRecord[] = cached?.data[LIST_OF[type]] ?? [];
  const index = list.findIndex((item) => item.id === id);
  return index === -1 ? null : { record: list[index]!, index };
}

/** The lists without the given record ids (after a batch delete). */
export function removeRecords(
  cached: Cached,
  ids: { [T in FavoriteItemType]: readonly number[] },
): Cached {
  let next = cached;
  for (const type of ['work', 'episode', 'image'] as const) {
    const gone = new Set(ids[type]);
    if (gone.size > 0) next = update(next, type, (list) => list.filter((i) => !gone.has(i.id)));
  }
  return next;
}
