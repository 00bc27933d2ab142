/**
 * KEY_IDS.datasetShow's frames, with the repeats a training set must leave out built in: the same
 * opening and ending frames in every episode, a near-duplicate run, an A-B-A cut, and a dark, a
 * blank and a blurry frame. Each frame is a scene's picture (its own 64-bit difference-hash
 * pattern) with `flips` of its bits flipped, drawn `look`-wise.
 */
export interface DatasetFrame {
  /** Shared across episodes for `op1`, `op2`, `ed`; else the episode's own scene. */
  scene: string;
  flips: number;
  look: 'sharp' | 'dark' | 'blank' | 'blurry';
  /** What a filter with every quality check and a work-wide near-duplicate scope (≤ 6) does. */
  truth: 'keep' | 'near_duplicate' | 'dark' | 'blank' | 'blurry';
}

export const DATASET_EPISODES = 3;

/** One episode's frames in page order (`episode` 0-based). */
export function datasetEpisodeFrames(episode: number): DatasetFrame[] {
  const own = (name: string) => `e${episode}-${name}`;
  const shared = episode === 0 ? 'keep' : 'near_duplicate';
  return [
    { scene: 'op1', flips: 0, look: 'sharp', truth: shared },
    { scene: 'op2', flips: 0, look: 'sharp', truth: shared },
    { scene: own('a'), flips: 0, look: 'sharp', truth: 'keep' },
    { scene: own('a'), flips: 2, look: 'sharp', truth: 'near_duplicate' },
    { scene: own('a'), flips: 3, look: 'sharp', truth: 'near_duplicate' },
    { scene: own('b'), flips: 0, look: 'sharp', truth: 'keep' },
    // The cut back to A: not the last kept frame, but one kept before it.
    { scene: own('a'), flips: 1, look: 'sharp', truth: 'near_duplicate' },
    { scene: own('dark'), flips: 0, look: 'dark', truth: 'dark' },
    { scene: own('blank'), flips: 0, look: 'blank', truth: 'blank' },
    { scene: own('blurry'), flips: 0, look: 'blurry', truth: 'blurry' },
    { scene: 'ed', flips: 0, look: 'sharp', truth: shared },
  ];
}

/** The show's episodes as the catalogue lists them: ids 10821…, images from the anime counter. */
export function datasetEpisodeSpecs(
  imageIds: (count: number) => number[],
): [id: number, label: string, images: readonly number[]][] {
  return Array.from({ length: DATASET_EPISODES }, (_, n) => [
    10821 + n,
    `Episode ${n + 1}`,
    imageIds(datasetEpisodeFrames(n).length),
  ]);
}

/** Each image of the show with the frame it shows. */
export function datasetFrameIndex(show: {
  episodes: readonly { imageIds: readonly number[] }[];
}): Map<number, DatasetFrame> {
  return new Map(
    show.episodes.flatMap((episode, n) => {
      const frames = datasetEpisodeFrames(n);
      return episode.imageIds.map((id, i) => [id, frames[i]!] as const);
    }),
  );
}
