import { z } from 'zod';
import { DownloadSize } from './downloads';
import { PageLink } from './links';
import { validationMessages } from './messages';

export const Kind = z.enum(['anime', 'tv', 'movie']);
export type Kind = z.infer<typeof Kind>;
export const ImageSize = z.enum(['thumb', 'small', 'large']);
export type ImageSize = z.infer<typeof ImageSize>;
export const ContentType = z.enum(['all', 'anime', 'movies', 'tv']);
export type ContentType = z.infer<typeof ContentType>;
/** The result badge text per kind, as the search results show it. */
export const ResultType = z.enum(['TV', 'Movie', 'Anime']);
export type ResultType = z.infer<typeof ResultType>;

export const UpstreamId = z.coerce.number().int().positive().max(999_999_999_999);
export const Ref = z.object({ kind: Kind, id: z.number().int() });
export type Ref = z.infer<typeof Ref>;

/** `?refresh=true` on any listing call bypasses the cache once (the page's refresh buttons). */
export const RefreshQuery = z.object({ refresh: z.stringbool().optional() });

/** A search text as the server keeps it: trimmed, lower case, 1–200 characters. */
export const SearchText = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, validationMessages.searchEmpty)
  .max(200, validationMessages.searchTooLong);

export const SearchRequest = z.object({
  query: SearchText,
  content_type: ContentType.default('all'),
});
export type SearchRequest = z.input<typeof SearchRequest>;

export const SearchResult = z.object({
  title: z.string(),
  content_type: ResultType,
  url: z.string(),
  year: z.number().int().nullable(),
  kind: Kind,
  id: z.number().int(),
  preview_images: z.array(z.string()),
  /** A show's episode list or a movie's images. */
  link: PageLink,
  /**
   * The work's Chinese name: for a Chinese or Japanese query the name of the work whose title
   * found it, else the server's stored match (null: none).
   */
  chinese_name: z.string().nullable().optional(),
  /**
   * For a Chinese or Japanese query: the title-table entry whose name found the result. The page
   * hands it back when the result is opened (`POST /api/work-titles/opened`), which makes the
   * match the server's.
   */
  title_ref: z.string().nullable().optional(),
});
export type SearchResult = z.infer<typeof SearchResult>;

/**
 * A work of the local title table a Chinese or Japanese query named, and the source-site queries
 * tried for it (English titles, romaji): what the page offers as links when nothing was found.
 */
export const TitleMatch = z.object({
  chinese_name: z.string(),
  /** The entry's key (bangumi.tv's id where the table has it). */
  ref: z.string(),
  original_title: z.string(),
  year: z.number().int().nullable(),
  /** The source queries that can find it, in order (English titles, romaji, the series' title). */
  queries: z.array(z.string()),
  /** Those of them this search sent to the source (the others were not needed, or past three). */
  tried: z.array(z.string()),
});
export type TitleMatch = z.infer<typeof TitleMatch>;

/** `GET /api/search/titles?q=`: works of the local title table for a Chinese or Japanese name being typed. */
export const TitleSuggestionsQuery = z.object({ q: z.string().trim().max(100) });

export const TitleSuggestion = z.object({
  chinese_name: z.string(),
  /** The entry's key: what an admin's correction of a work's Chinese name names. */
  ref: z.string(),
  original_title: z.string(),
  year: z.number().int().nullable(),
  type: z.enum(['tv', 'movie', 'ova', 'web']),
});
export type TitleSuggestion = z.infer<typeof TitleSuggestion>;

/** At most 8, closest first; none for a query without Chinese or Japanese characters. */
export const TitleSuggestionsResponse = z.object({ suggestions: z.array(TitleSuggestion) });
export type TitleSuggestionsResponse = z.infer<typeof TitleSuggestionsResponse>;

/** `GET /api/search/titles/source`: the table's file, its name when `TITLES_FILE` set it, else null. */
export const TitlesSourceResponse = z.object({ titles_file: z.string().nullable() });
export type TitlesSourceResponse = z.infer<typeof TitlesSourceResponse>;

/**
 * Which entry of the local title table a work of the source is: the Chinese name shown beside
 * its title. The server's, shared by all users; an admin may correct or remove it.
 */
export const WorkChineseTitle = z.object({
  chinese_name: z.string(),
  original_title: z.string(),
  year: z.number().int().nullable(),
  ref: z.string(),
  /** 'search': a user opened it from a Chinese query; 'title': its title and year; 'admin'. */
  matched_by: z.enum(['search', 'title', 'admin']),
});
export type WorkChineseTitle = z.infer<typeof WorkChineseTitle>;

/** `POST /api/work-titles/opened`: a result of a Chinese query was opened. */
export const WorkOpenedRequest = z.object({
  kind: Kind,
  id: z.number().int().positive().max(999_999_999_999),
  /** The result's `title_ref`. */
  ref: z.string().trim().min(1).max(300),
});
export type WorkOpenedRequest = z.infer<typeof WorkOpenedRequest>;

/** `PUT /api/admin/work-titles/{kind}/{id}`: the entry the work is (a title suggestion's ref). */
export const WorkTitleCorrection = z.object({ ref: z.string().trim().min(1).max(300) });
export type WorkTitleCorrection = z.infer<typeof WorkTitleCorrection>;

export const WorkTitleParams = z.object({ kind: Kind, id: UpstreamId });

export const WorkChineseTitleResponse = z.object({ chinese_title: WorkChineseTitle.nullable() });
export type WorkChineseTitleResponse = z.infer<typeof WorkChineseTitleResponse>;

export const SearchResponse = z.object({
  results: z.array(SearchResult),
  total: z.number().int(),
  cached: z.boolean(),
  fetched_at: z.string(),
  /** Only for a query in Chinese or Japanese: the works it named (empty: none in the table). */
  title_matches: z.array(TitleMatch).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const ClearSearchCacheQuery = z.object({ pattern: z.string().max(300).optional() });

export const EpisodesRequest = z.object({
  show_url: z.string().trim().min(1, validationMessages.workUrlMissing).max(2000),
  kind: z.enum(['anime', 'tv']).optional(),
});
export type EpisodesRequest = z.infer<typeof EpisodesRequest>;

export const Episode = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  episode_number: z.number().nullable(),
  preview_images: z.array(z.string()),
  image_count: z.number().int().nullable(),
  /** The episode's images. */
  link: PageLink,
});
export type Episode = z.infer<typeof Episode>;

export const EpisodesResponse = z.object({
  show_title: z.string(),
  /** The work's Chinese name, when the server has matched it (absent or null: none). */
  chinese_title: WorkChineseTitle.nullable().optional(),
  work: Ref,
  episodes: z.array(Episode),
  total: z.number().int(),
  cached: z.boolean(),
  fetched_at: z.string(),
});
export type EpisodesResponse = z.infer<typeof EpisodesResponse>;

/** The one error whose `detail` is an object: a movie has no episode list. */
export const MovieNoEpisodesDetail = z.object({
  error: z.literal('MOVIE_NO_EPISODES'),
  image_url: z.string(),
  movie_title: z.string(),
  message: z.string(),
  /** The movie's images, where the page goes instead. */
  link: PageLink,
});
export type MovieNoEpisodesDetail = z.infer<typeof MovieNoEpisodesDetail>;

export const ImageItem = z.object({
  id: z.number().int(),
  kind: Kind,
  thumb_url: z.string(),
  small_url: z.string(),
  /** 大图: the compressed copy under the user's small-CDN preference, else the original. */
  large_url: z.string(),
  /** The original whatever the preference: what 原图 shows and opens. */
  original_url: z.string(),
});
export type ImageItem = z.infer<typeof ImageItem>;

export const ImageListResponse = z.object({
  images: z.array(ImageItem),
  total: z.number().int(),
  cached: z.boolean(),
  episode_title: z.string().nullable(),
  work_title: z.string().nullable(),
  work: Ref.nullable(),
  episode: Ref.nullable(),
  mode: z.enum(['smart', 'fast', 'range', 'sample']),
  exact: z.boolean(),
  fetched_at: z.string().nullable(),
  /** The work's Chinese name (a movie's own), when the server has matched it. */
  chinese_title: WorkChineseTitle.nullable().optional(),
});
export type ImageListResponse = z.infer<typeof ImageListResponse>;

export const EpisodeImagesQuery = RefreshQuery.extend({ kind: z.enum(['anime', 'tv']).optional() });
export const RangeQuery = z.object({ kind: Kind.default('anime') });
export const MAX_RANGE = 5000;
export const SampleQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

/** `{id}.jpg`, an image's file in its URL: ids are positive and at most twelve digits, which also keeps paths out. */
export const IMAGE_FILE = /^[1-9]\d{0,11}\.jpg$/;

export const ImageBytesQuery = z.object({
  size: ImageSize.default('large'),
  kind: Kind.optional(),
  /** `small` serves `large` from the compressed host (the small-CDN preference baked into the URL). */
  cdn: z.enum(['small', 'large']).optional(),
});
export type ImageBytesQuery = z.infer<typeof ImageBytesQuery>;

export const CacheStats = z.object({
  total_images: z.number().int(),
  size_bytes: z.number().int(),
  size_human: z.string(),
});
export type CacheStats = z.infer<typeof CacheStats>;

export const ClearListingsQuery = z.object({
  episode_id: z.string().max(2000).optional(),
  work_id: z.string().max(2000).optional(),
  pattern: z.string().max(300).optional(),
  clear_all: z.stringbool().optional(),
});
export const ClearListingsResponse = z.object({
  message: z.string(),
  cleared_items: z.number().int(),
});
export type ClearListingsResponse = z.infer<typeof ClearListingsResponse>;

export const ClearFilesQuery = z.object({
  episode_id: z.string().max(2000).optional(),
  clear_all: z.stringbool().optional(),
});
export const ClearFilesResponse = z.object({
  deleted_files: z.number().int(),
  message: z.string(),
});
export type ClearFilesResponse = z.infer<typeof ClearFilesResponse>;

/** An image host as the image store has learnt it: down after failures in a row, re-probed later. */
export const ImageHostState = z.object({
  host: z.string(),
  sizes: z.array(z.enum(['thumb', 'small', 'large'])),
  state: z.enum(['up', 'down']),
  /** While down: when one request probes it again. */
  down_until: z.string().nullable(),
  failures_in_a_row: z.number().int(),
  last_error: z.string().nullable(),
  last_failure_at: z.string().nullable(),
});
export type ImageHostState = z.infer<typeof ImageHostState>;
/** `GET /images/cache/files?episode_id=`: what clearing the episode's files would remove. */
export const EpisodeFilesQuery = z.object({ episode_id: z.string().min(1).max(2000) });
export const EpisodeFilesResponse = z.object({
  files: z.number().int(),
  size_bytes: z.number().int(),
  size_human: z.string(),
});
export type EpisodeFilesResponse = z.infer<typeof EpisodeFilesResponse>;

export const CdnStatus = z.object({
  current_cdn: z.enum(['small', 'large']),
  use_small_cdn_only: z.boolean(),
  status: z.enum(['ok', 'degraded', 'rate_limited', 'unreachable']),
  /** Every image host asked since the start, and whether it is down. */
  hosts: z.array(ImageHostState),
  /** The sizes a download can hold, per kind, as the configured hosts deliver them (docs/api.md, "Sizes"). */
  download_sizes: z.object({
    anime: z.array(DownloadSize),
    tv: z.array(DownloadSize),
    movie: z.array(DownloadSize),
  }),
});
export type CdnStatus = z.infer<typeof CdnStatus>;
export const CdnSwitchQuery = z.object({ use_small_cdn: z.stringbool() });

const Title = z.string().trim().max(500);
export const RecordEpisodeAccessQuery = z.object({
  search_term: Title.optional(),
  show_title: Title.optional(),
  show_id: z.string().max(2000).optional(),
  episode_title: Title.optional(),
  episode_id: z.string().min(1).max(2000),
});
export const RecordViewRequest = z.object({
  search_term: Title.optional(),
  show_title: Title.optional(),
  episode_title: Title.optional(),
  episode_id: z.string().min(1).max(2000),
  image_ids: z.array(z.number().int().positive()).max(5000).default([]),
  /**
   * `estimate` when the ids are a fast-mode guess: the visit is recorded, its count is not (an
   * estimate is never stored as an exact count). A word, so no stray boolean can set it.
   */
  image_count: z.enum(['exact', 'estimate']).default('exact'),
});
