import { sanitizeFilenamePrefix, type EpisodeProgress } from '@capshelf/contract';
import { entryNames, type DownloadItem } from './items';
import type { WorkTask } from './work';

/** A run of images that share a folder and a near-duplicate chain: an episode, or a selection. */
export interface Group {
  progress: EpisodeProgress | null;
  folder: string;
  episode: WorkTask['episodes'][number] | null;
  items: DownloadItem[];
  names: string[];
}

/** A selection of images: one group at the archive's top level. */
export function imagesGroup(items: DownloadItem[], prefix: string): Group {
  return { progress: null, folder: '', episode: null, items, names: entryNames(items, prefix) };
}

/** `<work>/<episode>/`, each name made safe and unique within the archive. */
export function workGroups(request: WorkTask): Group[] {
  const work = sanitizeFilenamePrefix(request.work.title);
  const used = new Set<string>();
  return request.episodes.map((episode) => {
    const base = request.work.kind === 'movie' ? 'movie' : sanitizeFilenamePrefix(episode.title);
    let folder = base;
    for (let n = 2; used.has(folder); n++) folder = `${base}_${n}`;
    used.add(folder);
    return {
      progress: {
        id: episode.id,
        title: episode.title,
        total: null,
        done: 0,
        failed: 0,
        skipped: 0,
      },
      folder: `${work}/${folder}/`,
      episode,
      items: [],
      names: [],
    };
  });
}
