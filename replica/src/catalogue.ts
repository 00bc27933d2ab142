import { datasetEpisodeSpecs, datasetFrameIndex, type DatasetFrame } from './dataset-show';
import { labelSlug, movieSlug, showSlug } from './slug';
import type { Episode, ImageRef, Kind, Movie, Show, ShowKind, ThumbGeneration } from './types';

export type { Episode, ImageRef, Movie, Show } from './types';

/** Ids worth naming in tests elsewhere. */
export const KEY_IDS = {
  /** 26 episodes (3 show pages) with "Episode 1 & 2", "OVA 1", "Special 1" labels. */
  longShow: 10434,
  /** 830 images: 24 episode pages. */
  bigEpisode: 10514,
  /** Its ids are interleaved with interleavedEpisode's, so first..last is not exact. */
  nonContiguousEpisode: 10692,
  interleavedEpisode: 10701,
  /** Uses the old `animethumbs` host in its pages. */
  oldThumbShow: 10690,
  tvSeason1: 22490,
  tvSeason2: 22610,
  /** 250 images: 7 movie pages; old `moviethumbs` host. */
  multiPageMovie: 2040,
  ampersandMovie: 4228,
  /** Exactly 36 images: one full page. */
  onePageMovie: 4262,
  /** Two episodes whose frames come in scenes of SCENE_FRAMES near-identical pictures. */
  sceneShow: 10800,
  /** One episode whose frames sit at chosen difference-hash distances: see NEAR_FRAMES. */
  nearFramesShow: 10810,
  /** Episodes with shared openings/endings, near-duplicate runs, A-B-A, dark/blank/blurry frames. */
  datasetShow: 10820,
  /** 399 small episodes (40 show pages), as fancaps' long-running shows have hundreds. */
  longRunningShow: 11100,
  /** Found by a Chinese name through its English title (声之形). */
  englishTitleMovie: 4300,
  /** Found by a Chinese name through its romanised original only (元气囝仔). */
  romajiShow: 11600,
  /** Found by a Chinese name through romaji spaced as its sequel's English title (悠哉日常大王). */
  spacedRomajiShow: 11610,
  /** Found by its second season's Chinese name through the first season's English title. */
  siblingSeasonShow: 11620,
  /** Found by a Chinese name through its kanji original read by a dictionary (化物语 → 化物語). */
  kanjiReadShow: 11630,
} as const;

/** Frames per scene in KEY_IDS.sceneShow. */
export const SCENE_FRAMES = 6;

/**
 * KEY_IDS.nearFramesShow's frames in order, each a picture whose difference hash is one base hash
 * with its first `flips` bits (in a fixed order) flipped, so any two frames are `|a − b|` bits
 * apart: identical, below, at and one above the default near-duplicate threshold (6), and far.
 */
export const NEAR_FRAMES = [
  { name: 'base', flips: 0 },
  { name: 'identical', flips: 0 },
  { name: 'below', flips: 4 },
  { name: 'at', flips: 6 },
  { name: 'above', flips: 7 },
  { name: 'far', flips: 40 },
] as const;

/** Hands out ids in upload order, like fancaps' per-kind counters. */
function sequence(start: number): (count: number) => number[] {
  let next = start;
  return (count) => {
    const ids = range(next, count);
    next += count;
    return ids;
  };
}

function range(start: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Deterministic "popular" picks spread over the gallery. */
function picks(ids: readonly number[], count: number): number[] {
  return [0.13, 0.61, 0.37, 0.05].slice(0, count).map((f) => ids[Math.floor(f * ids.length)]!);
}

/** Episode sizes that vary between 40 and 120 without randomness. */
function sizeOf(n: number, spread: number): number {
  return 40 + ((n * 37) % spread);
}

type EpisodeSpec = [id: number, label: string, images: readonly number[]];

function show(
  kind: ShowKind,
  id: number,
  title: string,
  altTitle: string,
  thumbs: ThumbGeneration,
  specs: EpisodeSpec[],
): Show {
  const episodes = specs.map(([episodeId, label, imageIds]) => ({
    id: episodeId,
    showId: id,
    label,
    labelSlug: labelSlug(label),
    imageIds,
    topImageIds: picks(imageIds, 4),
  }));
  return { id, kind, title, altTitle, slug: showSlug(title), thumbs, episodes };
}

function movie(id: number, title: string, thumbs: ThumbGeneration, imageIds: number[]): Movie {
  return { id, title, slug: movieSlug(title), thumbs, imageIds, previewIds: picks(imageIds, 3) };
}

const animeIds = sequence(7_123_700);
const tvIds = sequence(201_500);
const movieIds = sequence(4_275_000);

const longShowEpisodes: EpisodeSpec[] = [
  [10435, 'Episode 1 & 2', animeIds(sizeOf(1, 81))],
  ...range(3, 22).map((n): EpisodeSpec => [10433 + n, `Episode ${n}`, animeIds(sizeOf(n, 81))]),
  // Extras uploaded later get ids far from the show's.
  [10912, 'OVA 1', animeIds(44)],
  [10913, 'OVA 2', animeIds(52)],
  [11050, 'Special 1', animeIds(40)],
];

export const shows: readonly Show[] = [
  show(
    'anime',
    10434,
    "Hanabi's Lantern Festival",
    'Hanabi no Chouchin Matsuri',
    'new',
    longShowEpisodes,
  ),
  show('anime', 10512, 'Starlight Courier: Zero Gravity!', '', 'new', [
    [10513, 'Episode 1', animeIds(60)],
    [10514, 'Episode 2', animeIds(830)],
    [10515, 'Episode 3', animeIds(72)],
    [10516, 'Episode 4', animeIds(41)],
  ]),
  // Episode 2 of this show was uploaded while Koi to Robot's episode 1 was: its ids have a gap
  // between pages 5 and 6 of 8, which the fast mode's probes (pages 1, 2, 4, 8) cannot see.
  show('anime', 10690, 'Mr. Kettle, the Brave', 'Yakan-san', 'old', [
    [10691, 'Episode 1', range(7_400_000, 44)],
    [10692, 'Episode 2', [...range(7_400_044, 180), ...range(7_400_254, 100)]],
    [10693, 'Episode 3', range(7_400_354, 52)],
  ]),
  show('anime', 10700, 'Koi to Robot (Remake)', '', 'new', [
    [10701, 'Episode 1', range(7_400_224, 30)],
    [10702, 'Episode 2', range(7_400_406, 40)],
  ]),
  show(
    'tv',
    22490,
    'Lighthouse Keepers Season 1',
    '',
    'new',
    range(1, 12).map((n): EpisodeSpec => [22490 + n, `Episode ${n}`, tvIds(sizeOf(n, 41))]),
  ),
  show('tv', 22610, 'Lighthouse Keepers Season 2', '', 'new', [
    [22611, 'Episode 1', tvIds(48)],
    [22612, 'Episode 2', tvIds(55)],
    [22613, 'Episode 3', tvIds(43)],
  ]),
  show('anime', 10800, 'Still Water Scenes', '', 'new', [
    [10801, 'Episode 1', animeIds(4 * SCENE_FRAMES)],
    [10802, 'Episode 2', animeIds(3 * SCENE_FRAMES)],
  ]),
  show('anime', 10810, 'Near Frames', '', 'new', [
    [10811, 'Episode 1', animeIds(NEAR_FRAMES.length)],
  ]),
  show('anime', KEY_IDS.datasetShow, 'Dataset Drill', '', 'new', datasetEpisodeSpecs(animeIds)),
  // Last, so the image ids of every show above stay as they were.
  show(
    'anime',
    KEY_IDS.longRunningShow,
    'Tidewater Patrol',
    'Shiokaze Keibitai',
    'new',
    range(1, 399).map((n): EpisodeSpec => [
      KEY_IDS.longRunningShow + n,
      `Episode ${n}`,
      animeIds(3),
    ]),
  ),
  // Works found by their Chinese names (the server's title table, bangumi-data): Barakamon only
  // through its romanised original (元气囝仔 → ばらかもん → "barakamon"), Non Non Biyori through a
  // romaji spaced as its sequel's English title (悠哉日常大王), Frieren through its first
  // season's English title when its second season is asked for (葬送的芙莉莲 第二季), Bakemonogatari
  // through its kanji original read by a dictionary (化物语 → 化物語 → "bakemono").
  ...(
    [
      [KEY_IDS.romajiShow, 'Barakamon'],
      [KEY_IDS.spacedRomajiShow, 'Non Non Biyori'],
      [KEY_IDS.siblingSeasonShow, "Frieren: Beyond Journey's End"],
      [KEY_IDS.kanjiReadShow, 'Bakemonogatari'],
    ] as const
  ).map(([id, title]) =>
    show('anime', id, title, '', 'new', [
      [id + 1, 'Episode 1', animeIds(12)],
      [id + 2, 'Episode 2', animeIds(12)],
    ]),
  ),
];

const datasetImages = datasetFrameIndex(shows.find((s) => s.id === KEY_IDS.datasetShow)!);

/** For an image of KEY_IDS.datasetShow: the frame it shows (see dataset-show.ts). */
export const datasetFrameOf = (kind: Kind, id: number): DatasetFrame | null =>
  kind === 'anime' ? (datasetImages.get(id) ?? null) : null;

const sceneImages = shows
  .find((s) => s.id === KEY_IDS.sceneShow)!
  .episodes.flatMap((e) => e.imageIds);

/** For an image of KEY_IDS.sceneShow: which scene it shows (counted over the show) and its frame. */
export function sceneOf(kind: Kind, id: number): { scene: number; frame: number } | null {
  const index = kind === 'anime' ? sceneImages.indexOf(id) : -1;
  if (index < 0) return null;
  return { scene: Math.floor(index / SCENE_FRAMES), frame: index % SCENE_FRAMES };
}

const nearFrameImages = shows
  .find((s) => s.id === KEY_IDS.nearFramesShow)!
  .episodes.flatMap((e) => e.imageIds);

/** The image id of the KEY_IDS.nearFramesShow frame so named in NEAR_FRAMES. */
export function nearFrameId(name: (typeof NEAR_FRAMES)[number]['name']): number {
  return nearFrameImages[NEAR_FRAMES.findIndex((frame) => frame.name === name)]!;
}

/** For an image of KEY_IDS.nearFramesShow: its place in NEAR_FRAMES. */
export function nearFrameOf(kind: Kind, id: number): number | null {
  const index = kind === 'anime' ? nearFrameImages.indexOf(id) : -1;
  return index < 0 ? null : index;
}

export const movies: readonly Movie[] = [
  movie(2040, 'A Quiet Harbor: The Movie (2016)', 'old', movieIds(250)),
  movie(4228, 'Miraculous: Ladybug & Cat Noir, the Movie (2023)', 'new', movieIds(60)),
  movie(4262, 'Paper Moon Express (1999)', 'new', movieIds(36)),
  // Found by its Chinese name through its English title (声之形 → "A Silent Voice").
  movie(KEY_IDS.englishTitleMovie, 'A Silent Voice (2016)', 'new', movieIds(36)),
];

const showIndex = new Map(shows.map((s) => [s.id, s]));
const episodeIndex = new Map(shows.flatMap((s) => s.episodes.map((e) => [e.id, e] as const)));
const movieIndex = new Map(movies.map((m) => [m.id, m]));
const imageIndex = new Map<number, ImageRef>([
  ...shows.flatMap((s) =>
    s.episodes.flatMap((e) =>
      e.imageIds.map((id) => [id, { kind: s.kind, workId: s.id, episodeId: e.id }] as const),
    ),
  ),
  ...movies.flatMap((m) =>
    m.imageIds.map(
      (id) => [id, { kind: 'movie' as const, workId: m.id, episodeId: null }] as const,
    ),
  ),
]);

const FIRST_ADDED_EPISODE_ID = 90_001;
let nextAddedEpisodeId = FIRST_ADDED_EPISODE_ID;

/** A new upload of a show while the replica runs (`POST /_control/shows/:id/episodes`). */
export function addEpisode(showId: number, images = 40): Episode | undefined {
  const s = showIndex.get(showId);
  if (!s) return undefined;
  const imageIds = (s.kind === 'anime' ? animeIds : tvIds)(images);
  const label = `Episode ${s.episodes.length + 1}`;
  const id = nextAddedEpisodeId++;
  const episode = {
    id,
    showId,
    label,
    labelSlug: labelSlug(label),
    imageIds,
    topImageIds: picks(imageIds, 4),
  };
  (s.episodes as Episode[]).push(episode);
  episodeIndex.set(id, episode);
  for (const image of imageIds)
    imageIndex.set(image, { kind: s.kind, workId: s.id, episodeId: id });
  return episode;
}

/**
 * Takes back every episode `addEpisode` added: each test file starts from the catalogue as
 * shipped, even when files share one process (the server tests' setup calls it after each file).
 */
export function removeAddedEpisodes(): void {
  for (const show of shows) {
    const episodes = show.episodes as Episode[];
    const kept = episodes.filter((episode) => episode.id < FIRST_ADDED_EPISODE_ID);
    for (const episode of episodes.slice(kept.length)) {
      episodeIndex.delete(episode.id);
      for (const image of episode.imageIds) imageIndex.delete(image);
    }
    episodes.length = kept.length;
  }
}

export function showById(id: number): Show | undefined {
  return showIndex.get(id);
}

export function episodeById(id: number): Episode | undefined {
  return episodeIndex.get(id);
}

export function movieById(id: number): Movie | undefined {
  return movieIndex.get(id);
}

export function imageById(id: number): ImageRef | undefined {
  return imageIndex.get(id);
}

export interface SearchResults {
  movie: Movie[];
  tv: Show[];
  anime: Show[];
}

/** Case-insensitive substring match on titles, limited to the checked kinds; '' matches all. */
export function searchCatalogue(query: string, kinds: readonly Kind[]): SearchResults {
  const needle = query.trim().toLowerCase();
  const hit = (title: string) => title.toLowerCase().includes(needle);
  const showsOf = (kind: ShowKind) =>
    kinds.includes(kind) ? shows.filter((s) => s.kind === kind && hit(s.title)) : [];
  return {
    movie: kinds.includes('movie') ? movies.filter((m) => hit(m.title)) : [],
    tv: showsOf('tv'),
    anime: showsOf('anime'),
  };
}
