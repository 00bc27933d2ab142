import { humanSize, type CacheOverview, type EpisodeFilesResponse } from '@capshelf/contract';
import type { AuditLog } from '../audit';
import { listingKey, type CatalogService, type Directory } from '../catalog';
import { badRequest, fromStorageFull } from '../errors';
import type { Logger } from '../logger';
import type { UrlModel } from '../upstream';
import type { CachedImageRecords, CacheEvictor, ImageStore } from '../images';

/** A change to the shared caches, which only an admin may make. */
export type CacheAdminAction =
  | { type: 'clear-listings'; episodeId?: string; workId?: string; pattern?: string; all?: boolean }
  /** Cached searches: those of one `query:type` pattern, or every one. */
  | { type: 'clear-search'; pattern?: string }
  | { type: 'delete-files'; episodeId?: string; all?: boolean }
  | { type: 'evict'; bytes?: number; includeFavorites: boolean };

/** What an action removed: listings or files, and the files' bytes when known. */
export interface CacheAdminResult {
  count: number;
  bytes: number;
}

/**
 * The shared caches belong to the admin: every deletion and eviction an admin asks for goes
 * through `perform`, with the acting admin's id (the one place an audit record is written).
 * Automatic eviction under the limits runs in `CacheEvictor` alone.
 */
export class CacheAdmin {
  constructor(
    private readonly deps: {
      catalog: CatalogService;
      directory: Directory;
      urls: UrlModel;
      images: ImageStore;
      records: CachedImageRecords;
      evictor: CacheEvictor;
      audit: AuditLog;
      logger: Logger;
    },
  ) {}

  /**
   * Carries out the action and records it in the audit log under the acting admin. On a full
   * database the action (which frees room) still answers: its record goes to the server log.
   */
  async perform(adminId: number, action: CacheAdminAction): Promise<CacheAdminResult> {
    const result = await this.carryOut(action);
    const { type, ...particulars } = action;
    const record = {
      actorId: adminId,
      source: 'web' as const,
      action: type === 'evict' ? ('cache.evict' as const) : ('cache.delete' as const),
      target: auditTarget(action),
      detail: { type, ...particulars, count: result.count, bytes: result.bytes },
    };
    await this.deps.audit.record(record).catch((error: unknown) => {
      if (!fromStorageFull(error)) throw error;
      this.deps.logger.warn(
        { err: error, audit: record },
        'audit record not written: database full',
      );
    });
    return result;
  }

  private async carryOut(action: CacheAdminAction): Promise<CacheAdminResult> {
    switch (action.type) {
      case 'clear-listings':
        return { count: await this.clearListings(action), bytes: 0 };
      case 'clear-search':
        return { count: await this.deps.catalog.clearSearch(action.pattern), bytes: 0 };
      case 'delete-files':
        return { count: await this.deleteFiles(action), bytes: 0 };
      case 'evict': {
        const bytes = action.bytes ?? (await this.deps.evictor.overflow());
        if (bytes <= 0) return { count: 0, bytes: 0 };
        const evicted = await this.deps.evictor.evict(bytes, action);
        return { count: evicted.files, bytes: evicted.bytes };
      }
    }
  }

  /** The cache's size and limits, the disk's free space and what eviction has removed so far. */
  async overview(): Promise<CacheOverview> {
    const [totals, disk] = await Promise.all([
      this.deps.evictor.totals(),
      this.deps.evictor.disk(),
    ]);
    const { maxBytes, minFreeBytes } = this.deps.evictor.settings;
    return {
      images: totals.images,
      files: totals.files,
      size_bytes: totals.bytes,
      max_bytes: maxBytes,
      min_free_bytes: minFreeBytes,
      free_bytes: disk?.free ?? null,
      disk_bytes: disk?.total ?? null,
      evicted_files: totals.evictedFiles,
      evicted_bytes: totals.evictedBytes,
      last_evicted_at: totals.lastEvictedAt,
    };
  }

  /** How many of an episode's images are cached, and their size. */
  async episodeFiles(episodeId: string): Promise<EpisodeFilesResponse> {
    const ref = this.deps.catalog.resolveEpisode(episodeId);
    return this.deps.records.episodeFiles(ref.kind, ref.id);
  }

  private async clearListings(
    action: Extract<CacheAdminAction, { type: 'clear-listings' }>,
  ): Promise<number> {
    const { catalog, urls } = this.deps;
    if (action.all) return catalog.clearEverything();
    if (action.episodeId)
      return catalog.clearListings([listingKey(catalog.resolveEpisode(action.episodeId))]);
    if (action.workId) {
      const ref = urls.toRef(action.workId, { kind: 'anime' });
      if (ref?.type !== 'work' && ref?.type !== 'movie')
        throw badRequest('work_id: 不是有效的作品地址');
      return catalog.clearListings([listingKey(ref)]);
    }
    if (action.pattern !== undefined) return catalog.clearSearch(action.pattern);
    throw badRequest('请指定 episode_id、work_id、pattern 或 clear_all');
  }

  private async deleteFiles(
    action: Extract<CacheAdminAction, { type: 'delete-files' }>,
  ): Promise<number> {
    if (action.all) return this.deps.images.deleteAll();
    if (!action.episodeId) throw badRequest('请指定 episode_id 或 clear_all');
    const ref = this.deps.catalog.resolveEpisode(action.episodeId);
    const ids = await this.deps.directory.imagesOfEpisode(ref.kind, ref.id);
    return this.deps.images.delete(ids.map((id) => ({ kind: ref.kind, id })));
  }
}

/** What an audit row names as the action's object: the episode, work or pattern, or everything. */
function auditTarget(action: CacheAdminAction): string {
  if (action.type === 'evict') return 'image cache';
  if ('episodeId' in action && action.episodeId) return action.episodeId;
  if ('workId' in action && action.workId) return action.workId;
  if ('pattern' in action && action.pattern !== undefined) return `search: ${action.pattern}`;
  return action.type === 'delete-files' ? 'all image files' : 'all listings';
}

/** "已淘汰 12 个图片文件（3.40 MB）" */
export const evictedMessage = (files: number, bytes: number) =>
  `已淘汰 ${files} 个图片文件（${humanSize(bytes)}）`;
