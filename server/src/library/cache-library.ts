import {
  UNCATEGORIZED,
  UNCATEGORIZED_EPISODE,
  categoryKey,
  type CategorizedLibraryResponse,
  type CategoryEpisodeResponse,
  type LibraryCategory,
  type LibraryEpisode,
  type LibraryImage,
  type LocalLibraryResponse,
  type LocalLibrarySort,
} from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import { badRequest, notFound } from '../errors';
import {
  imageItem,
  type CachedImageRecords,
  type CacheGeneration,
  type CdnPreferences,
} from '../images';
import {
  CacheLibraryQueries,
  PREVIEWS,
  type EpisodePreviewRow,
  type WorkGroupRow,
} from './cache-queries';
import { CachedImageQueries, type ImageAggregate } from './image-queries';
import { UNCATEGORIZED_NAME, episodeNameOf, workName } from './names';
import { episodeLink, workLink, type UrlBuilders } from '../upstream';

interface Paging {
  page: number;
  limit: number;
}

interface Titles {
  work_title: string | null;
  episode_title: string | null;
}

const libraryImage = (row: ImageAggregate, titles: Titles, compressed: boolean): LibraryImage => ({
  ...imageItem(row.kind, row.id, compressed),
  size: Number(row.max_bytes),
  cached_at: row.last_cached,
  work_title: titles.work_title,
  // A movie is its own single episode.
  episode_title: titles.episode_title ?? (row.kind === 'movie' ? titles.work_title : null),
});

/**
 * The local library (every cached image) and the categorized library (the same cache grouped
 * work → episode → images). The image cache is shared, so these answers are the same for every
 * user except for the image URLs, which carry the user's CDN preference.
 */
export class CacheLibrary {
  private readonly queries: CacheLibraryQueries;
  private readonly images: CachedImageQueries;
  /** Categorized answers of one cache generation; a new generation starts an empty set. */
  private memo = { generation: -1, answers: new Map<string, CategorizedLibraryResponse>() };

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      records: CachedImageRecords;
      cdn: CdnPreferences;
      generation: CacheGeneration;
      builders: UrlBuilders;
    },
  ) {
    this.queries = new CacheLibraryQueries(deps.db);
    this.images = new CachedImageQueries(deps.db);
  }

  async local(
    userId: number,
    { page, limit, sort_by }: Paging & { sort_by: LocalLibrarySort },
  ): Promise<LocalLibraryResponse> {
    const [rows, stats, compressed] = await Promise.all([
      this.images.localPage(sort_by, limit, (page - 1) * limit),
      this.deps.records.stats(),
      this.deps.cdn.usesSmallCdn(userId),
    ]);
    return {
      images: rows.map((r) => libraryImage(r, r, compressed)),
      total: stats.total_images,
      page,
      limit,
    };
  }

  /**
   * A page of works, most recently cached first; the uncategorized group ('未分类': images no
   * listing ever named an owner for) comes after every work.
   */
  async categorized(userId: number, paging: Paging): Promise<CategorizedLibraryResponse> {
    const [generation, compressed] = await Promise.all([
      this.deps.generation.current(),
      this.deps.cdn.usesSmallCdn(userId),
    ]);
    // Grouping the whole cache is the costly part; it can only change with the generation.
    if (generation !== this.memo.generation) this.memo = { generation, answers: new Map() };
    const key = `${paging.page}:${paging.limit}:${compressed}`;
    const known = this.memo.answers.get(key);
    if (known) return known;
    const answer = await this.groupCache(paging, compressed);
    if (this.memo.generation === generation && this.memo.answers.size < 100)
      this.memo.answers.set(key, answer);
    return answer;
  }

  private async groupCache(
    { page, limit }: Paging,
    compressed: boolean,
  ): Promise<CategorizedLibraryResponse> {
    const offset = (page - 1) * limit;
    const [groups, stats] = await Promise.all([
      this.queries.workGroups(limit, offset),
      this.deps.records.stats(),
    ]);
    // The totals ride on the page's rows; a page past the end has none, so ask the first page.
    const totals = groups[0] ?? (offset > 0 ? (await this.queries.workGroups(1, 0))[0] : undefined);
    const totalWorks = totals?.total_works ?? 0;
    // Every cached image either has a known work or is uncategorized.
    const uncategorizedCount = stats.total_images - (totals?.indexed_images ?? 0);
    const uncategorizedOnPage =
      uncategorizedCount > 0 && offset <= totalWorks && totalWorks < offset + limit;
    const [previews, uncategorized] = await Promise.all([
      this.queries.episodePreviews(groups.map((g) => ({ kind: g.kind, workId: g.work_id }))),
      uncategorizedOnPage ? this.uncategorizedCategory(uncategorizedCount, compressed) : null,
    ]);
    const episodesByWork = new Map<string, EpisodePreviewRow[]>();
    for (const row of previews) {
      const key = categoryKey({ kind: row.kind, id: row.work_id });
      const list = episodesByWork.get(key);
      if (list) list.push(row);
      else episodesByWork.set(key, [row]);
    }
    const categories = groups.map((g) =>
      workCategory(
        this.deps.builders,
        g,
        episodesByWork.get(categoryKey({ kind: g.kind, id: g.work_id })) ?? [],
        compressed,
      ),
    );
    if (uncategorized) categories.push(uncategorized);
    return {
      categories,
      total_categories: totalWorks + (uncategorizedCount > 0 ? 1 : 0),
      total_images: stats.total_images,
      page,
      limit,
    };
  }

  private async uncategorizedCategory(
    count: number,
    compressed: boolean,
  ): Promise<LibraryCategory> {
    const [summary, first] = await Promise.all([
      this.images.uncategorizedSummary(),
      this.images.uncategorizedPage(PREVIEWS, 0),
    ]);
    const images = first.map((i) => imageItem(i.kind, i.id, compressed));
    return {
      show_name: UNCATEGORIZED_NAME,
      work: null,
      link: null,
      category: UNCATEGORIZED,
      episode_count: 1,
      total_images: count,
      last_cached: summary.last_cached ?? '',
      images,
      episodes: [
        {
          episode_name: UNCATEGORIZED_NAME,
          episode_id: null,
          episode_key: UNCATEGORIZED_EPISODE,
          kind: null,
          image_count: count,
          images,
          link: null,
        },
      ],
    };
  }

  /**
   * One episode's cached images in episode order. `category` and `episode` are the path keys the
   * categorized list gave (`<kind>:<workId>` and the episode id, or `uncategorized` and `all`).
   */
  async episode(
    userId: number,
    category: string,
    episode: string,
    { page, limit }: Paging,
  ): Promise<CategoryEpisodeResponse> {
    const offset = (page - 1) * limit;
    const compressed = await this.deps.cdn.usesSmallCdn(userId);
    if (category === UNCATEGORIZED) {
      if (episode !== UNCATEGORIZED_EPISODE)
        throw badRequest(`episode: 未分类图片只有一个剧集 ${UNCATEGORIZED_EPISODE}`);
      const [rows, summary] = await Promise.all([
        this.images.uncategorizedPage(limit, offset),
        this.images.uncategorizedSummary(),
      ]);
      const none = { work_title: null, episode_title: null };
      return {
        images: rows.map((r) => libraryImage(r, none, compressed)),
        total: summary.count,
        page,
        limit,
        show_name: UNCATEGORIZED_NAME,
        episode_name: UNCATEGORIZED_NAME,
        work: null,
        episode_id: null,
      };
    }
    if (episode === UNCATEGORIZED_EPISODE) throw badRequest('episode: 剧集 ID 无效');
    const [kind, workText] = category.split(':') as [Kind, string];
    const workId = Number(workText);
    const episodeId = Number(episode);
    const known = await this.queries.episodeOf(kind, workId, episodeId);
    if (!known) throw notFound('没有找到该分类或剧集');
    const titles = {
      work_title: workName(known.workTitle, workId),
      episode_title: episodeNameOf(kind, episodeId, known.label, known.workTitle),
    };
    const found = await this.queries.episodeImages(kind, workId, episodeId, limit, offset);
    return {
      images: found.rows.map((r) => libraryImage(r, titles, compressed)),
      total: found.total,
      page,
      limit,
      show_name: titles.work_title,
      episode_name: titles.episode_title,
      work: { kind, id: workId },
      episode_id: episodeId,
    };
  }
}

function workCategory(
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
