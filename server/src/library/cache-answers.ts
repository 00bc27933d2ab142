import type { LibraryCategory, LibraryEpisode, LibraryImage } from '@capshelf/contract';
import { categoryKey } from '@capshelf/contract';
import { imageItem } from '../images';
import { episodeLink, workLink, type UrlBuilders } from '../upstream';
import { PREVIEWS, type EpisodePreviewRow, type WorkGroupRow } from './cache-queries';
import type { ImageAggregate } from './image-queries';
import { episodeNameOf, workName } from './names';

/** How the cache libraries shape their rows into the contract's answers. */

interface Titles {
  work_title: string | null;
  episode_title: string | null;
}

export const libraryImage = (
  row: ImageAggregate,
  titles: Titles,
  compressed: boolean,
): LibraryImage => ({
  ...imageItem(row.kind, row.id, compressed),
  size: Number(row.max_bytes),
  cached_at: row.last_cached,
  work_title: titles.work_title,
  // A movie is its own single episode.
  episode_title: titles.episode_title ?? (row.kind === 'movie' ? titles.work_title : null),
});

/** A work's card of the categorized library: its episodes with their previews. */
export function workCategory(
  builders: UrlBuilders,
  group: WorkGroupRow,
  rows: EpisodePreviewRow[],
  compressed: boolean,
): LibraryCategory {
  const work = { kind: group.kind, id: group.work_id };
  const episodes = rows.map((row): LibraryEpisode => {
    // A movie is its own single episode, keyed by the movie id.
    const episodeId = row.episode_id ?? row.work_id;
    return {
      episode_name: episodeNameOf(row.kind, episodeId, row.label, group.title),
      episode_id: episodeId,
      episode_key: String(episodeId),
      kind: row.kind,
      image_count: row.image_count,
      images: row.previews.map((id) => imageItem(row.kind, id, compressed)),
      link: episodeLink(builders, row.kind, episodeId),
    };
  });
  return {
    show_name: workName(group.title, group.work_id),
    chinese_name: group.chinese_name,
    work,
    link: workLink(builders, work.kind, work.id),
    category: categoryKey(work),
    episode_count: episodes.length,
    total_images: group.image_count,
    last_cached: group.last_cached,
    images: episodes.flatMap((e) => e.images).slice(0, PREVIEWS),
    episodes,
  };
}
