import {
  UNCATEGORIZED,
  UNCATEGORIZED_EPISODE,
  categoryKey,
  humanSize,
  type CacheStats,
  type LibraryScope,
  type CategorizedLibraryResponse,
  type CategoryEpisodeResponse,
  type LibraryCategory,
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
import { libraryImage, workCategory } from './cache-answers';
import { CacheLibraryQueries, PREVIEWS, type EpisodePreviewRow } from './cache-queries';
import { CachedImageQueries } from './image-queries';
import type { HistoryStore } from './history-store';
import { UNCATEGORIZED_NAME, episodeNameOf, workName } from './names';
import type { LibraryOwner } from './scope';
import type { UrlBuilders } from '../upstream';

interface Paging {
  page: number;
  limit: number;
  scope: LibraryScope;
}

/**
 * The local library and the categorized library (the same images grouped work → episode →
 * images). The image files are shared; what a library lists is its owner's: the cached images of
 * the episodes and movies the user opened (their history), or for an admin's 全部用户 every cached
 * image. Image URLs carry the caller's CDN preference.
 */
export class CacheLibrary {
  private readonly queries: CacheLibraryQueries;
  private readonly images: CachedImageQueries;
  /** 全部用户 categorized answers of one cache generation; a new generation starts an empty set. */
  private memo = { generation: -1, answers: new Map<string, CategorizedLibraryResponse>() };

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      records: CachedImageRecords;
      cdn: CdnPreferences;
      generation: CacheGeneration;
      builders: UrlBuilders;
      history: HistoryStore;
    },
  ) {
    this.queries = new CacheLibraryQueries(deps.db);
    this.images = new CachedImageQueries(deps.db);
  }

  async local(
    userId: number,
    { page, limit, sort_by, scope }: Paging & { sort_by: LocalLibrarySort },
  ): Promise<LocalLibraryResponse> {
    const offset = (page - 1) * limit;
    const [stats, compressed] = await Promise.all([
      this.stats(userId, scope),
      this.deps.cdn.usesSmallCdn(userId),
    ]);
    const rows =
      scope === 'all'
        ? await this.images.localPage('all', sort_by, limit, offset)
        : await this.ownPage(userId, stats.total_images, { sort_by, limit, offset });
    return {
      images: rows.map((r) => libraryImage(r, r, compressed)),
      total: stats.total_images,
      page,
      limit,
    };
  }

  /**
   * A page of a user's own library. A library of at most half the cache is read from the user's
   * episodes; a larger one by walking the cache in the page's order, where at least every other
   * image is the user's (so the walk skips at most half the cache before its page).
   */
  private async ownPage(
    userId: number,
    images: number,
    page: { sort_by: LocalLibrarySort; limit: number; offset: number },
  ) {
    const { sort_by, limit, offset } = page;
    const cache = await this.deps.records.stats();
    return images * 2 <= cache.total_images
      ? this.images.ownPage(userId, sort_by, limit, offset)
      : this.images.localPage({ userId }, sort_by, limit, offset);
  }

  /** The home page's totals: how many images the library holds and their files' bytes. */
  async stats(userId: number, scope: LibraryScope): Promise<CacheStats> {
    if (scope === 'all') return this.deps.records.stats();
    const { images, bytes } = await this.images.openedStats(userId);
    return { total_images: images, size_bytes: bytes, size_human: humanSize(bytes) };
  }

  /**
   * A page of works, most recently cached first; the uncategorized group ('未分类': images no
   * listing ever named an owner for) comes after every work.
   */
  async categorized(
    userId: number,
    paging: Paging & { q?: string },
  ): Promise<CategorizedLibraryResponse> {
    if (paging.scope !== 'all') {
      const compressed = await this.deps.cdn.usesSmallCdn(userId);
      return this.groupCache({ userId }, paging, compressed);
    }
    const [generation, compressed] = await Promise.all([
      this.deps.generation.current(),
      this.deps.cdn.usesSmallCdn(userId),
    ]);
    // Grouping the whole cache is the costly part; it can only change with the generation.
    if (generation !== this.memo.generation) this.memo = { generation, answers: new Map() };
    const key = `${paging.page}:${paging.limit}:${compressed}:${paging.q ?? ''}`;
    const known = this.memo.answers.get(key);
    if (known) return known;
    const answer = await this.groupCache('all', paging, compressed);
    if (this.memo.generation === generation && this.memo.answers.size < 100)
      this.memo.answers.set(key, answer);
    return answer;
  }

  /** `q`: only the works whose title or Chinese name contains it (no uncategorized group then). */
  private async groupCache(
    owner: LibraryOwner,
    { page, limit, q }: Paging & { q?: string },
    compressed: boolean,
  ): Promise<CategorizedLibraryResponse> {
    const offset = (page - 1) * limit;
    const [groups, stats] = await Promise.all([
      this.queries.workGroups(owner, limit, offset, q),
      owner === 'all' && !q ? this.deps.records.stats() : null,
    ]);
    // The totals ride on the page's rows; a page past the end has none, so ask the first page.
    const totals =
      groups[0] ?? (offset > 0 ? (await this.queries.workGroups(owner, 1, 0, q))[0] : undefined);
    const totalWorks = totals?.total_works ?? 0;
    const indexedImages = totals?.indexed_images ?? 0;
    // Every cached image either has a known work or is uncategorized; a user's library holds
    // only images of episodes they opened, so it has no uncategorized ones.
    const uncategorizedCount = stats ? stats.total_images - indexedImages : 0;
    const uncategorizedOnPage =
      uncategorizedCount > 0 && offset <= totalWorks && totalWorks < offset + limit;
    const [previews, uncategorized] = await Promise.all([
      this.queries.episodePreviews(
        owner,
        groups.map((g) => ({ kind: g.kind, workId: g.work_id })),
      ),
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
      total_images: indexedImages + uncategorizedCount,
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
    { page, limit, scope }: Paging,
  ): Promise<CategoryEpisodeResponse> {
    const offset = (page - 1) * limit;
    const compressed = await this.deps.cdn.usesSmallCdn(userId);
    const mine = scope !== 'all';
    if (category === UNCATEGORIZED) {
      if (mine) throw notFound('没有找到该分类或剧集');
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
    const [known, opened] = await Promise.all([
      this.queries.episodeOf(kind, workId, episodeId),
      mine ? this.deps.history.hasOpened(userId, kind, episodeId) : true,
    ]);
    // Another user's episode is as unknown to this one as an episode nobody listed.
    if (!known || !opened) throw notFound('没有找到该分类或剧集');
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
