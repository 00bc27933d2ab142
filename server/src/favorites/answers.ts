import type { FavoriteEpisode, FavoriteImage, FavoriteWork } from '@capshelf/contract';
import { imageItem, thumbUrl } from '../images';
import { episodeLink, workLink, type UrlBuilders } from '../upstream';
import type { PreviewRef } from './inputs';
import type { EpisodeRow, ImageRow, WorkRow } from './repository';

/** The works' Chinese names by `kind:id` (`titles/`): the list's; a single answer goes without. */
export type ChineseNames = ReadonlyMap<string, string>;
const nameOf = (names: ChineseNames | undefined, kind: string | null, id: number | null) =>
  names === undefined ? undefined : (names.get(`${kind}:${id}`) ?? null);

/** Rows to wire shapes; every URL is rebuilt here from stored ids and kinds. */
export function workAnswer(
  builders: UrlBuilders,
  row: WorkRow,
  names?: ChineseNames,
): FavoriteWork {
  const { kind, work_id: id } = row;
  // A work known by its title only has no page of its own: its URL is the site's search.
  const link = kind === null || id === null ? null : workLink(builders, kind, id);
  return {
    id: row.id,
    title: row.title,
    chinese_name: nameOf(names, kind, id),
    work_type: row.work_type,
    content_type: row.content_type,
    kind,
    work_id: id,
    original_url: link?.source_url ?? builders.searchUrl(row.title),
    link,
    created_at: row.created_at,
  };
}

export function episodeAnswer(
  builders: UrlBuilders,
  row: EpisodeRow,
  names?: ChineseNames,
): FavoriteEpisode {
  const { kind, episode_id: id } = row;
  // Written by FavoriteInputs only, so the JSON is known to be PreviewRef[].
  const previews = JSON.parse(row.preview_images) as PreviewRef[];
  const link = episodeLink(builders, kind, id);
  return {
    id: row.id,
    title: row.title,
    work_title: row.work_title,
    work_chinese_name: nameOf(names, kind, kind === 'movie' ? id : row.work_id),
    work_id: row.work_id,
    kind,
    episode_id: id,
    episode_url: link.source_url,
    link,
    preview_images: previews.map((p) => thumbUrl(p.kind, p.id)),
    created_at: row.created_at,
  };
}

/** `compressedForLarge`: the user's small-CDN preference, as in every image list. */
export function imageAnswer(
  row: ImageRow,
  compressedForLarge: boolean,
  names?: ChineseNames,
): FavoriteImage {
  const urls = imageItem(row.kind, row.image_id, compressedForLarge);
  return {
    id: row.id,
    image_id: row.image_id,
    kind: row.kind,
    work_title: row.work_title,
    work_chinese_name: nameOf(names, row.kind, row.work_id),
    work_id: row.work_id,
    episode_title: row.episode_title,
    episode_id: row.episode_id,
    thumb_url: urls.thumb_url,
    small_url: urls.small_url,
    large_url: urls.large_url,
    original_url: urls.original_url,
    created_at: row.created_at,
  };
}
