import { datasetEpisodeFrames, KEY_IDS, showById } from '@capshelf/replica';

/** The replica's Dataset Drill work, whose frames carry the decision a filter should take. */
export const datasetShow = showById(KEY_IDS.datasetShow)!;

/** Every frame in episode order with what it shows. */
export const datasetFrames = datasetShow.episodes.flatMap((episode, n) =>
  episode.imageIds.map((id, i) => ({ id, episode: n, ...datasetEpisodeFrames(n)[i]! })),
);

export const idsWhere = (keep: (frame: (typeof datasetFrames)[number]) => boolean) =>
  datasetFrames.filter(keep).map((frame) => frame.id);
