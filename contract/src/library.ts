import { z } from 'zod';
import { validationMessages } from './messages';
import { ImageItem, Kind, Ref } from './browse';
import { PageLink } from './links';

/**
 * The three libraries: the local library (cached images), the categorized library (the same
 * images grouped work → episode → images) and the search-history library (each user's own history).
 * The first two show the episodes the caller opened (`scope=mine`, the default); an admin may ask
 * for every cached image (`scope=all`, 全部用户), anyone else gets 403.
 */
export const LIBRARY_SCOPES = ['mine', 'all'] as const;
export const LibraryScope = z.enum(LIBRARY_SCOPES);
export type LibraryScope = z.infer<typeof LibraryScope>;
const Scope = LibraryScope.default('mine');

/** Query of `GET /images/local-library/stats`: the home page's totals of the caller's library. */
export const LibraryStatsQuery = z.object({ scope: Scope });
export type LibraryStatsQuery = z.input<typeof LibraryStatsQuery>;

export const LOCAL_LIBRARY_SORTS = [
  'id_asc',
  'id_desc',
  'date_asc',
  'date_desc',
  'size_asc',
  'size_desc',
] as const;
export const LocalLibrarySort = z.enum(LOCAL_LIBRARY_SORTS);
export type LocalLibrarySort = z.infer<typeof LocalLibrarySort>;

export const MAX_LIBRARY_PAGE = 1_000_000;
const Page = z.coerce.number().int().min(1).max(MAX_LIBRARY_PAGE).default(1);
const Limit = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const MAX_LOCAL_LIBRARY_LIMIT = 200;
export const LocalLibraryQuery = z.object({
  page: Page,
  limit: Limit(MAX_LOCAL_LIBRARY_LIMIT, 50),
  sort_by: LocalLibrarySort.default('date_desc'),
  scope: Scope,
});
export type LocalLibraryQuery = z.input<typeof LocalLibraryQuery>;

/** A cached image: `size` is the largest stored file's bytes, `cached_at` the newest file's time. */
export const LibraryImage = ImageItem.extend({
  size: z.number().int(),
  cached_at: z.string(),
  work_title: z.string().nullable(),
  episode_title: z.string().nullable(),
});
export type LibraryImage = z.infer<typeof LibraryImage>;

export const LocalLibraryResponse = z.object({
  images: z.array(LibraryImage),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type LocalLibraryResponse = z.infer<typeof LocalLibraryResponse>;

/**
 * Path keys of the categorized library: a category is `<kind>:<workId>` (a movie is its own work
 * and its own single episode, so its episode key is the movie id), or `uncategorized` for cached
 * images whose work is unknown, whose one episode is `all`.
 */
export const UNCATEGORIZED = 'uncategorized';
export const UNCATEGORIZED_EPISODE = 'all';
export const categoryKey = (work: Ref | null) => (work ? `${work.kind}:${work.id}` : UNCATEGORIZED);

const IdText = /^[1-9]\d{0,11}$/;
export const CategoryParam = z.union([
  z.literal(UNCATEGORIZED),
  z.string().regex(/^(?:anime|tv|movie):[1-9]\d{0,11}$/, validationMessages.categoryInvalid),
]);
export const EpisodeParam = z.union([
  z.literal(UNCATEGORIZED_EPISODE),
  z.string().regex(IdText, validationMessages.episodeIdInvalid),
]);
export const CategoryEpisodeParams = z.object({ category: CategoryParam, episode: EpisodeParam });

export const MAX_CATEGORIZED_LIMIT = 100;
/** A library's filter: works whose source title or Chinese name contains it (empty: all). */
export const LibraryFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((text) => text || undefined);

export const CategorizedLibraryQuery = z.object({
  page: Page,
  limit: Limit(MAX_CATEGORIZED_LIMIT, 20),
  scope: Scope,
  q: LibraryFilter,
});
export type CategorizedLibraryQuery = z.input<typeof CategorizedLibraryQuery>;

export const MAX_EPISODE_IMAGES_LIMIT = 10_000;
export const CategoryEpisodeQuery = z.object({
  page: Page,
  limit: Limit(MAX_EPISODE_IMAGES_LIMIT, 100),
  scope: Scope,
});
export type CategoryEpisodeQuery = z.input<typeof CategoryEpisodeQuery>;

export const LibraryEpisode = z.object({
  episode_name: z.string(),
  /** The episode id; for a movie the movie id; null in the uncategorized group. */
  episode_id: z.number().int().nullable(),
  /** What goes into `/local-library/category/{category}/episode/{episode_key}`. */
  episode_key: z.string(),
  kind: Kind.nullable(),
  image_count: z.number().int(),
  /** At most four cached images, in episode order. */
  images: z.array(ImageItem),
  /** The episode's (a movie's) images; null in the uncategorized group. */
  link: PageLink.nullable(),
});
export type LibraryEpisode = z.infer<typeof LibraryEpisode>;

export const LibraryCategory = z.object({
  show_name: z.string(),
  /** The work's Chinese name, when the server has matched it (null: none; the uncategorized group). */
  chinese_name: z.string().nullable().optional(),
  /** null for the uncategorized group ('未分类'). */
  work: Ref.nullable(),
  /** The work's episode list (a movie's images); null with `work`. */
  link: PageLink.nullable(),
  /** What goes into `/local-library/category/{category}/…`. */
  category: z.string(),
  episode_count: z.number().int(),
  total_images: z.number().int(),
  /** When the newest image of the work was cached. */
  last_cached: z.string(),
  /** At most four previews for the work's card (its episodes' previews, in order). */
  images: z.array(ImageItem),
  episodes: z.array(LibraryEpisode),
});
export type LibraryCategory = z.infer<typeof LibraryCategory>;

export const CategorizedLibraryResponse = z.object({
  categories: z.array(LibraryCategory),
  total_categories: z.number().int(),
  total_images: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CategorizedLibraryResponse = z.infer<typeof CategorizedLibraryResponse>;

export const CategoryEpisodeResponse = z.object({
  images: z.array(LibraryImage),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  show_name: z.string(),
  episode_name: z.string(),
  work: Ref.nullable(),
  episode_id: z.number().int().nullable(),
});
export type CategoryEpisodeResponse = z.infer<typeof CategoryEpisodeResponse>;

export const HistorySource = z.enum(['search', 'direct']);
export type HistorySource = z.infer<typeof HistorySource>;

export const HistoryEpisode = z.object({
  /** The history record's id: what `DELETE /search-based-library/episode/{history_id}` takes. */
  history_id: z.number().int(),
  /** The upstream episode id (the movie id for a movie). */
  episode_id: z.number().int(),
  /** The full upstream episode (or movie) URL. */
  episode_url: z.string(),
  /** The episode's (a movie's) images. */
  link: PageLink,
  episode_name: z.string(),
  kind: Kind,
  show_name: z.string(),
  work: Ref.nullable(),
  search_term: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  source: HistorySource,
  view_count: z.number().int(),
  image_count: z.number().int(),
  /** At most four images of the episode, in episode order. */
  images: z.array(ImageItem),
});
export type HistoryEpisode = z.infer<typeof HistoryEpisode>;

export const HistoryCategory = z.object({
  show_name: z.string(),
  /** The work's Chinese name, when the server has matched it. */
  chinese_name: z.string().nullable().optional(),
  /** null when the visits never named the work (then grouped by show title). */
  work: Ref.nullable(),
  /** The work's episode list (a movie's images); null with `work`. */
  link: PageLink.nullable(),
  episode_count: z.number().int(),
  total_images: z.number().int(),
  last_viewed: z.string(),
  /** Newest first. */
  episodes: z.array(HistoryEpisode),
});
export type HistoryCategory = z.infer<typeof HistoryCategory>;

export const SearchLibraryResponse = z.object({
  categories: z.array(HistoryCategory),
  total_categories: z.number().int(),
  total_images: z.number().int(),
});
export type SearchLibraryResponse = z.infer<typeof SearchLibraryResponse>;

export const SearchLibraryEpisodesResponse = z.object({
  episodes: z.array(HistoryEpisode),
  total: z.number().int(),
});
export type SearchLibraryEpisodesResponse = z.infer<typeof SearchLibraryEpisodesResponse>;

/** Our own row ids are 32-bit serials; larger numbers would make Postgres fail instead of 404. */
export const HistoryIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const DeleteHistoryEpisodeResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** True when this was the user's last history record of the work. */
  work_removed: z.boolean(),
  work_title: z.string(),
});
export type DeleteHistoryEpisodeResponse = z.infer<typeof DeleteHistoryEpisodeResponse>;
