import type { Follow, FollowMode, FollowsResponse } from '@capshelf/contract';
import type { CatalogService } from '../catalog';
import { badRequest, notFound } from '../errors';
import { episodeLink, workLink, type UrlBuilders, type UrlModel, type WorkRef } from '../upstream';
import { nextCheck, type ScheduleSettings } from './schedule';
import type { FollowStore } from './store';

const NOT_FOUND_DETAIL = '关注记录不存在';
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Each user's followed works: follow (anime and TV shows; a movie gains no episodes), unfollow,
 * choose what new episodes bring, and list with the episodes new to the user.
 */
export class FollowsService {
  constructor(
    private readonly deps: {
      store: FollowStore;
      catalog: CatalogService;
      urls: UrlModel;
      builders: UrlBuilders;
      schedule: ScheduleSettings;
      /** The time (tests move it). */
      now: () => number;
    },
  ) {}

  /** `created` is false when the user already followed the work: that follow is answered. */
  async follow(
    userId: number,
    input: { work_url: string; kind?: 'anime' | 'tv' | undefined; mode: FollowMode },
  ) {
    const ref = this.workRef(input.work_url, input.kind);
    const { builders, catalog, store, schedule } = this.deps;
    // The user's own read of the listing (usually cached: they are looking at the work).
    const show = await catalog.episodes(builders.showPageUrl(ref), ref.kind);
    const now = this.deps.now();
    const at = iso(now);
    const { id, created } = await store.add(
      {
        kind: ref.kind,
        work_id: ref.id,
        title: show.value.title,
        episode_count: show.value.episodes.length,
        status: 'active',
        last_new_at: at,
        last_checked_at: null,
        next_check_at: iso(nextCheck(schedule, now, now).at),
      },
      show.value.episodes.map((e) => ({ episode_id: e.id, label: e.label })),
      {
        user_id: userId,
        kind: ref.kind,
        work_id: ref.id,
        mode: input.mode,
        seen_at: at,
        created_at: at,
      },
    );
    return { created, item: await this.one(userId, id) };
  }

  /** Another user's follow is as unknown as a missing one. */
  async unfollow(userId: number, id: number): Promise<void> {
    if (!(await this.deps.store.remove(userId, id))) throw notFound(NOT_FOUND_DETAIL);
  }

  async setMode(userId: number, id: number, mode: FollowMode): Promise<Follow> {
    if ((await this.deps.store.update(userId, id, { mode })) === 0) {
      throw notFound(NOT_FOUND_DETAIL);
    }
    return this.one(userId, id);
  }

  /** The new episodes of one follow (or, with `id` omitted, of all) are seen: no longer new. */
  async markSeen(userId: number, id?: number): Promise<void> {
    const changed = await this.deps.store.update(userId, id ?? 0, {
      seen_at: iso(this.deps.now()),
    });
    if (id !== undefined && changed === 0) throw notFound(NOT_FOUND_DETAIL);
  }

  async list(userId: number): Promise<FollowsResponse> {
    const { store, builders } = this.deps;
    const [rows, unseen] = await Promise.all([store.list(userId), store.unseenEpisodes(userId)]);
    const follows = rows.map((row): Follow => ({
      id: row.id,
      kind: row.kind,
      work_id: row.work_id,
      title: row.title,
      link: workLink(builders, row.kind, row.work_id),
      mode: row.mode,
      status: row.status,
      episode_count: row.episode_count,
      new_episodes: unseen
        .filter((e) => e.follow_id === row.id)
        .map((e) => ({
          id: e.episode_id,
          label: e.label,
          link: episodeLink(builders, e.kind, e.episode_id),
          found_at: e.found_at,
        })),
      last_checked_at: row.last_checked_at,
      next_check_at: row.next_check_at,
      created_at: row.created_at,
    }));
    return { follows, new_total: unseen.length };
  }

  private async one(userId: number, id: number): Promise<Follow> {
    const item = (await this.list(userId)).follows.find((f) => f.id === id);
    if (!item) throw notFound(NOT_FOUND_DETAIL);
    return item;
  }

  private workRef(workUrl: string, kind: 'anime' | 'tv' = 'anime'): WorkRef {
    const ref = this.deps.urls.toRef(workUrl, { kind });
    if (ref?.type === 'movie') throw badRequest('电影没有新剧集，无法关注');
    if (ref?.type !== 'work') throw badRequest('work_url: 不是有效的作品地址');
    return ref;
  }
}
