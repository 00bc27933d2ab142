import {
  favoriteContentType,
  type Episode,
  type FavoriteItemType,
  type ImageItem,
  type ImageListResponse,
  type Kind,
  type PageLink,
  type Ref,
  type ResultType,
  type SearchResult,
} from '@capshelf/contract';
import type { FavoriteAdd, FavoriteRecords, FavoriteRequests } from '../../api';

/**
 * Something a heart can favourite: the add request, plus the record it will show as until the
 * server answers. The lookup reads its identity (title, URL, image id) from that draft.
 */
export type FavoriteTarget = {
  [T in FavoriteItemType]: {
    type: T;
    request: FavoriteRequests[T];
    draft: Omit<FavoriteRecords[T], 'id' | 'created_at'>;
  };
}[FavoriteItemType];

/** A search result as a favourite work (the result's type and URL). */
export function workTarget(result: SearchResult): FavoriteTarget {
  return knownWorkTarget(result.title, result, result.link);
}

const WORK_TYPES: Record<Kind, ResultType> = { anime: 'Anime', tv: 'TV', movie: 'Movie' };

/**
 * A work known by its title, ref and the server's link (results, libraries): it is saved under
 * the link's source page.
 */
export function knownWorkTarget(title: string, work: Ref, link: PageLink): FavoriteTarget {
  const request = { title, work_type: WORK_TYPES[work.kind], original_url: link.source_url };
  return {
    type: 'work',
    request,
    draft: {
      ...request,
      content_type: favoriteContentType(request),
      kind: work.kind,
      work_id: work.id,
      link,
    },
  };
}

/** An episode, saved under its link's source page (a movie: its own single episode). */
export function episodeTarget(
  episode: Pick<Episode, 'id' | 'title' | 'preview_images' | 'link'>,
  workTitle: string,
  work: Ref,
): FavoriteTarget {
  const request = {
    title: episode.title,
    work_title: workTitle,
    work_id: work.id,
    episode_url: episode.link.source_url,
    preview_images: episode.preview_images.slice(0, 4),
  };
  return {
    type: 'episode',
    request,
    draft: { ...request, kind: work.kind, episode_id: episode.id, link: episode.link },
  };
}

/** What an image list knows about where its images come from (null parts for range/sample). */
export interface ImageOrigin {
  work_title: string;
  work_id: number | null;
  episode_title: string;
  episode_id: number | null;
}

/** Where a list's images come from, by what it names (every image list has these, optionally). */
type ListOrigin = Partial<
  Pick<ImageListResponse, 'work_title' | 'episode_title' | 'work' | 'episode'>
>;

export function imageOrigin(data: ListOrigin | undefined): ImageOrigin {
  return {
    work_title: data?.work_title ?? '',
    work_id: data?.work?.id ?? null,
    episode_title: data?.episode_title ?? '',
    episode_id: data?.episode?.id ?? null,
  };
}

/** One origin for the whole list, or one per image (a list mixing works). */
export type ImageOrigins = ImageOrigin | ((image: ImageItem) => ImageOrigin);

export function originOfImage(origins: ImageOrigins, image: ImageItem): ImageOrigin {
  return typeof origins === 'function' ? origins(image) : origins;
}

export function imageTarget(image: ImageItem, origin: ImageOrigin): FavoriteTarget {
  const { id, kind, thumb_url, small_url, large_url, original_url } = image;
  return {
    type: 'image',
    request: { image_id: id, kind, ...origin, small_url, large_url },
    draft: { image_id: id, kind, ...origin, thumb_url, small_url, large_url, original_url },
  };
}

let lastDraftId = 0;

/** The optimistic add of a target: negative ids never clash with the server's. */
export function addChange(target: FavoriteTarget): FavoriteAdd {
  const draft = { ...target.draft, id: --lastDraftId, created_at: new Date().toISOString() };
  return { action: 'add', type: target.type, request: target.request, draft } as FavoriteAdd;
}
