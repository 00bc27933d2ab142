import { useQuery } from '@tanstack/react-query';
import type { FavoriteItemType, FavoriteLists, FavoritesResponse } from '@capshelf/contract';
import { favoritesQuery, type FavoriteRecords } from '../../api';
import { useSession } from '../auth';
import type { FavoriteTarget } from './targets';

type Identity<T extends FavoriteItemType> = Omit<FavoriteRecords[T], 'id' | 'created_at'>;

/** Titles compare like the server's title keys: case does not matter. */
const titleKey = (title: string) => title.trim().toLowerCase();

/**
 * The keys one favourite is known by: a work by its title; an episode by its URL, or
 * its title plus its work's title; an image by its id and kind.
 */
const identityKeys: { [T in FavoriteItemType]: (item: Identity<T>) => string[] } = {
  work: (work) => [`work|${titleKey(work.title)}`],
  episode: (episode) => [
    `episode-url|${episode.episode_url}`,
    `episode-title|${titleKey(episode.work_title)}|${titleKey(episode.title)}`,
  ],
  image: (image) => [`image|${image.kind}|${image.image_id}`],
};

/** Favourite record id by identity key. */
export type FavoriteLookup = ReadonlyMap<string, number>;

export function buildFavoriteLookup(lists: FavoriteLists): FavoriteLookup {
  const lookup = new Map<string, number>();
  const add = (keys: string[], id: number) => {
    // Lists are newest first: the newest record of an identity wins.
    for (const key of keys) if (!lookup.has(key)) lookup.set(key, id);
  };
  for (const work of lists.works) add(identityKeys.work(work), work.id);
  for (const episode of lists.episodes) add(identityKeys.episode(episode), episode.id);
  for (const image of lists.images) add(identityKeys.image(image), image.id);
  return lookup;
}

/** The favourite record id of a target, or undefined when it is not favourited. */
export function favoriteIdOf(lookup: FavoriteLookup, target: FavoriteTarget): number | undefined {
  const keys = (identityKeys[target.type] as (item: FavoriteTarget['draft']) => string[])(
    target.draft,
  );
  for (const key of keys) {
    const id = lookup.get(key);
    if (id !== undefined) return id;
  }
  return undefined;
}

const selectLookup = (answer: FavoritesResponse) => buildFavoriteLookup(answer.data);

/**
 * Which targets the signed-in user has favourited, and under which record id. Nothing is read
 * for a signed-out visitor. `loading` until the first list arrives (a failed read finds nothing).
 */
export function useFavoriteLookup() {
  const signedIn = useSession().status === 'authenticated';
  const { data: lookup, isLoading } = useQuery({
    ...favoritesQuery,
    enabled: signedIn,
    select: selectLookup,
  });
  return {
    loading: isLoading,
    favoriteId: (target: FavoriteTarget) => (lookup ? favoriteIdOf(lookup, target) : undefined),
  };
}
