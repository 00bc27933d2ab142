import { z } from 'zod';
import { validationMessages } from './messages';
import { Kind } from './browse';
import { PageLink } from './links';

/** What a favourite work is shown and opened as (movies open the images page, the rest episodes). */
export const FavoriteContentType = z.enum(['movie', 'tv', 'anime']);
export type FavoriteContentType = z.infer<typeof FavoriteContentType>;

const TYPE_HINTS: [RegExp, FavoriteContentType][] = [
  [/\b(?:movie|film)s?\b|电影/i, 'movie'],
  [/\b(?:tv|series)\b|电视/i, 'tv'],
  [/\banime\b|动漫|动画/i, 'anime'],
];
const PATH_HINTS: [string, FavoriteContentType][] = [
  ['movies', 'movie'],
  ['tv', 'tv'],
  ['anime', 'anime'],
];
const MOVIE_TITLE = /\b(?:the\s+)?(?:movie|film)\b|电影|剧场版|劇場版/i;
const SERIES_TITLE = /\b(?:season|series|episode)s?\b|第\s*[\d一二三四五六七八九十]+\s*[季集部]/i;

function pathSegments(url: string): string[] {
  try {
    return new URL(url, 'https://fancaps.net/').pathname.toLowerCase().split('/');
  } catch {
    return [];
  }
}

/**
 * The content-type rule for a favourite work, first match wins: the type field, hints
 * in the URL path, title keywords, a show URL without an episode (counted as a movie), else anime. Shared so the page and the server always agree.
 */
export function favoriteContentType(work: {
  work_type?: string | null;
  original_url?: string | null;
  title?: string | null;
}): FavoriteContentType {
  const type = work.work_type ?? '';
  const url = work.original_url ?? '';
  const title = work.title ?? '';
  for (const [pattern, contentType] of TYPE_HINTS) if (pattern.test(type)) return contentType;
  const segments = pathSegments(url);
  for (const [segment, contentType] of PATH_HINTS) {
    if (segments.includes(segment)) return contentType;
  }
  if (MOVIE_TITLE.test(title)) return 'movie';
  if (SERIES_TITLE.test(title)) return 'tv';
  if (/showimages\.php/i.test(url) && !/episode/i.test(url)) return 'movie';
  return 'anime';
}

/** Upper bounds of one import (and of one batch delete per type). */
export const MAX_FAVORITE_IMPORT = 20_000;
export const MAX_PREVIEW_IMAGES = 4;

const Title = z.string().trim().max(500, validationMessages.titleTooLong);
const RequiredTitle = Title.min(1, validationMessages.titleEmpty);
const UrlText = z.string().trim().max(2000, validationMessages.urlTooLong);
/** Our own row ids are 32-bit serials; larger numbers would make Postgres fail instead of 404. */
export const FavoriteId = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * An upstream work or episode as the page holds it: the number, its digits, a site URL or its
 * query part (`10435-Slug/Episode_1`). The server keeps the number only.
 */
export const UpstreamIdInput = z
  .union([z.number().int().positive().max(999_999_999_999), UrlText])
  .nullish();
const ImageId = z.union([
  z.number().int().positive().max(999_999_999_999),
  z
    .string()
    .regex(/^[1-9]\d{0,11}$/, validationMessages.imageIdInvalid)
    .transform(Number),
]);

export const AddFavoriteWorkRequest = z.object({
  title: RequiredTitle,
  /** As the page shows it ('Anime', 'TV', 'Movie' or free text). */
  work_type: z.string().trim().max(50, validationMessages.workTypeTooLong).default(''),
  /** The work's page on the source site; without a work id in it the title identifies the work. */
  original_url: UrlText.default(''),
});
export type AddFavoriteWorkRequest = z.input<typeof AddFavoriteWorkRequest>;

export const AddFavoriteEpisodeRequest = z.object({
  title: RequiredTitle,
  work_title: Title.default(''),
  work_id: UpstreamIdInput,
  /** An episode page (or a movie page: a movie is its own single episode). */
  episode_url: UrlText.min(1, validationMessages.episodeUrlMissing),
  preview_images: z
    .array(UrlText)
    .max(MAX_PREVIEW_IMAGES, validationMessages.previewTooMany)
    .default([]),
});
export type AddFavoriteEpisodeRequest = z.input<typeof AddFavoriteEpisodeRequest>;

export const AddFavoriteImageRequest = z.object({
  image_id: ImageId,
  /** Defaults to the kind in the image URLs, else the kind the server last saw the id under, else anime. */
  kind: Kind.optional(),
  work_title: Title.default(''),
  work_id: UpstreamIdInput,
  episode_title: Title.default(''),
  episode_id: UpstreamIdInput,
  /** This server's `/api/images/<id>.jpg?…` or a source-site image URL of the same id. */
  small_url: UrlText.nullish(),
  large_url: UrlText.nullish(),
});
export type AddFavoriteImageRequest = z.input<typeof AddFavoriteImageRequest>;

export const FavoriteWork = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The work's Chinese name, when the server has matched it (in the list; absent elsewhere). */
  chinese_name: z.string().nullable().optional(),
  work_type: z.string(),
  content_type: FavoriteContentType,
  /** Null (with `work_id`) when the work is known by its title only. */
  kind: Kind.nullable(),
  work_id: z.number().int().nullable(),
  /** The work's page, or the site's search for the title when the work id is unknown. */
  original_url: z.string(),
  /** The work's episode list (a movie's images); null for a work known by its title only. */
  link: PageLink.nullable(),
  created_at: z.string(),
});
export type FavoriteWork = z.infer<typeof FavoriteWork>;

export const FavoriteEpisode = z.object({
  id: z.number().int(),
  title: z.string(),
  work_title: z.string(),
  /** The work's Chinese name, when the server has matched it (in the list; absent elsewhere). */
  work_chinese_name: z.string().nullable().optional(),
  work_id: z.number().int().nullable(),
  /** 'movie' when the favourite is a movie (its own single episode). */
  kind: Kind,
  episode_id: z.number().int(),
  episode_url: z.string(),
  /** The episode's (a movie's) images. */
  link: PageLink,
  preview_images: z.array(z.string()),
  created_at: z.string(),
});
export type FavoriteEpisode = z.infer<typeof FavoriteEpisode>;

export const FavoriteImage = z.object({
  id: z.number().int(),
  image_id: z.number().int(),
  kind: Kind,
  work_title: z.string(),
  /** The work's Chinese name, when the server has matched it (in the list; absent elsewhere). */
  work_chinese_name: z.string().nullable().optional(),
  work_id: z.number().int().nullable(),
  episode_title: z.string(),
  episode_id: z.number().int().nullable(),
  thumb_url: z.string(),
  small_url: z.string(),
  large_url: z.string(),
  original_url: z.string(),
  created_at: z.string(),
});
export type FavoriteImage = z.infer<typeof FavoriteImage>;

export const FavoriteLists = z.object({
  works: z.array(FavoriteWork),
  episodes: z.array(FavoriteEpisode),
  images: z.array(FavoriteImage),
});
export type FavoriteLists = z.infer<typeof FavoriteLists>;

export const FavoritesResponse = z.object({ data: FavoriteLists });
export type FavoritesResponse = z.infer<typeof FavoritesResponse>;

export const FavoriteItemType = z.enum(['work', 'episode', 'image']);
export type FavoriteItemType = z.infer<typeof FavoriteItemType>;

export const FavoriteIdParams = z.object({ id: FavoriteId });

export const FavoriteDeleteResponse = z.object({ success: z.literal(true), message: z.string() });
export type FavoriteDeleteResponse = z.infer<typeof FavoriteDeleteResponse>;

export const FavoriteStatusQuery = z.object({
  item_type: FavoriteItemType,
  /** work: its URL or title; episode: its URL; image: its id (or one of its URLs). */
  item_id: z.string().trim().min(1, validationMessages.itemIdMissing).max(2000),
  /** Images only: without it an image id matches a favourite of any kind. */
  kind: Kind.optional(),
});
export type FavoriteStatusQuery = z.input<typeof FavoriteStatusQuery>;

export const FavoriteStatusResponse = z.object({
  is_favorited: z.boolean(),
  favorite_id: z.number().int().nullable(),
});
export type FavoriteStatusResponse = z.infer<typeof FavoriteStatusResponse>;

export const FavoriteStats = z.object({
  total_items: z.number().int(),
  total_works: z.number().int(),
  total_episodes: z.number().int(),
  total_images: z.number().int(),
});
export const FavoriteStatsResponse = z.object({ data: FavoriteStats });
export type FavoriteStatsResponse = z.infer<typeof FavoriteStatsResponse>;

const TypeCounts = z.object({
  works: z.number().int(),
  episodes: z.number().int(),
  images: z.number().int(),
});
export type FavoriteTypeCounts = z.infer<typeof TypeCounts>;

export const FavoriteBatchDeleteRequest = z.object({
  work_ids: z.array(FavoriteId).max(MAX_FAVORITE_IMPORT).default([]),
  episode_ids: z.array(FavoriteId).max(MAX_FAVORITE_IMPORT).default([]),
  image_ids: z.array(FavoriteId).max(MAX_FAVORITE_IMPORT).default([]),
});
export type FavoriteBatchDeleteRequest = z.input<typeof FavoriteBatchDeleteRequest>;

export const FavoriteBatchDeleteResponse = z.object({
  success: z.literal(true),
  /** Only what was deleted: ids of other users or already gone are not counted. */
  deleted: TypeCounts,
});
export type FavoriteBatchDeleteResponse = z.infer<typeof FavoriteBatchDeleteResponse>;

export const FAVORITES_EXPORT_VERSION = 1;

export const FavoritesExport = FavoriteLists.extend({
  version: z.literal(FAVORITES_EXPORT_VERSION),
  exported_at: z.string(),
});
export type FavoritesExport = z.infer<typeof FavoritesExport>;

export const FavoritesExportResponse = z.object({
  success: z.literal(true),
  data: FavoritesExport,
});
export type FavoritesExportResponse = z.infer<typeof FavoritesExportResponse>;

/** Imported items keep their favourited time; other exported fields (ids, URLs) are rebuilt. */
const Imported = { created_at: z.iso.datetime({ offset: true }).optional() };
const ImportData = z
  .object({
    version: z.literal(FAVORITES_EXPORT_VERSION, validationMessages.exportVersionUnsupported),
    exported_at: z.string().max(100).optional(),
    works: z.array(
      AddFavoriteWorkRequest.extend({
        ...Imported,
        content_type: FavoriteContentType.optional(),
        // The exported identity wins over re-reading `original_url` (a title search URL names no work).
        kind: Kind.nullish(),
        work_id: z.number().int().positive().max(999_999_999_999).nullish(),
      }),
    ),
    episodes: z.array(AddFavoriteEpisodeRequest.extend(Imported)),
    images: z.array(AddFavoriteImageRequest.extend(Imported)),
  })
  .refine(
    (d) => d.works.length + d.episodes.length + d.images.length <= MAX_FAVORITE_IMPORT,
    validationMessages.importTooMany,
  );

/** Exactly what `/export` wrote: its `data`, or the whole `{success, data}` answer as saved. */
export const FavoritesImportRequest = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && 'data' in body && !('version' in body)
      ? body.data
      : body,
  ImportData,
);
export type FavoritesImportRequest = z.input<typeof FavoritesImportRequest>;
export type FavoritesImportData = z.output<typeof FavoritesImportRequest>;

export const FavoritesImportResponse = z.object({
  success: z.literal(true),
  imported: TypeCounts,
  /** Items already among the caller's favourites (the import is idempotent). */
  skipped: TypeCounts,
});
export type FavoritesImportResponse = z.infer<typeof FavoritesImportResponse>;
