import type {
  Follow,
  FollowMode,
  FollowRestore,
  FollowsResponse,
  FollowUndo,
} from '@capshelf/contract';
import type { RateLimits } from '../auth/rate-limits';
import type { CatalogService } from '../catalog';
import { badRequest, notFound, tooManyRequests } from '../errors';
import type { Logger } from '../logger';
import { episodeLink, workLink, type UrlBuilders, type UrlModel, type WorkRef } from '../upstream';
import type { Wakeups } from '../wakeups';
import type { FollowChecker } from './checker';
import { airingOfWork, titlesOfWorks, type FollowTitles } from './follow-titles';
import { planCheck, type ScheduleSettings } from './schedule';
import type { FollowStore, WorkKey } from './store';

/** The undo of a user's unfollow of a work, as the abuse counters hold it for UNDO_MS. */
const undoKey = (userId: number, work: WorkKey, times: FollowRestore) =>
  `follow-undo:${userId}:${work.kind}:${work.work_id}:${times.seen_at}:${times.created_at}`;

const NOT_FOUND_DETAIL = '关注记录不存在';
/** 立即检查 of one work by one user at most this often. */
export const CHECK_NOW_SPACING_MS = 60_000;
/** An unfollow can be undone this long with its times kept (the page offers it for a few seconds). */
export const UNDO_MS = 60_000;
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
      /** The works' Chinese names and broadcasts (the title table). */
      titles: FollowTitles;
      /** 立即检查 goes through the scheduled checks' own path. */
      checker: Pick<FollowChecker, 'checkNow'>;
      /**
       * Counts 立即检查 per user and work, and holds an unfollow's undo for UNDO_MS (in the
       * database, so every process shares them).
       */
      limits: Pick<RateLimits, 'hit' | 'clear'>;
      /** The time (tests move it). */
      now: () => number;
      /** Wakes the checkers of every process when a follow is added. */
      wakeups: Pick<Wakeups, 'notify'>;
      logger: Logger;
    },
  ) {}

  /**
   * `created` is false when the user already followed the work: that follow is answered. With
   * `restore` (an unfollow's `undo`, sent back within UNDO_MS by the same user), the new follow
   * keeps the times it had, so its unseen episodes and feed stay as they were.
   */
  async follow(
    userId: number,
    input: {
      work_url: string;
      kind?: 'anime' | 'tv' | undefined;
      mode: FollowMode;
      restore?: FollowRestore | undefined;
    },
  ) {
    const ref = this.workRef(input.work_url, input.kind);
    const { builders, catalog, store, schedule } = this.deps;
    // The user's own read of the listing (usually cached: they are looking at the work).
    const show = await catalog.episodes(builders.showPageUrl(ref), ref.kind);
    const key = { kind: ref.kind, work_id: ref.id };
    const airing = await airingOfWork(this.deps.titles, key, show.value.title, this.deps.logger);
    const now = this.deps.now();
    // The first check of a new work (an existing one keeps its own, the insert leaves it).
    const first = planCheck(schedule, now, now, airing);
    const at = iso(now);
    const restore =
      input.restore && (await this.takeUndo(userId, key, input.restore))
        ? input.restore
        : undefined;
    const { id, created } = await store.add(
      {
        kind: ref.kind,
        work_id: ref.id,
        title: show.value.title,
        episode_count: show.value.episodes.length,
        status: first.status,
        last_new_at: at,
        last_checked_at: null,
        next_check_at: iso(first.at),
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
      restore,
    );
    // A work already followed may be overdue (no worker ran for a while): the checkers look now.
    if (created) this.deps.wakeups.notify('follows');
    return { created, item: await this.one(userId, id) };
  }

  /**
   * Another user's follow is as unknown as a missing one. Answers what undoes it: following the
   * work again within UNDO_MS with these times in `restore` brings the follow back as it was.
   */
  async unfollow(userId: number, id: number): Promise<FollowUndo> {
    const { store, limits, now } = this.deps;
    const removed = await store.remove(userId, id, iso(now() + UNDO_MS));
    if (!removed) throw notFound(NOT_FOUND_DETAIL);
    const undo = { mode: removed.mode, seen_at: removed.seen_at, created_at: removed.created_at };
    await limits.hit(undoKey(userId, removed, undo), 1, UNDO_MS);
    return undo;
  }

  /**
   * Whether `restore` is what the user's own unfollow of this work answered within UNDO_MS: its
   * key (user, work and the exact times) was counted once then, so this second count is over the
   * limit only inside the window. Used once either way.
   */
  private async takeUndo(userId: number, key: WorkKey, restore: FollowRestore): Promise<boolean> {
    const { limits } = this.deps;
    const ticket = undoKey(userId, key, restore);
    const live = (await limits.hit(ticket, 1, UNDO_MS)) > 0;
    await limits.clear(ticket);
    return live;
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

  /**
   * The user opened a new episode of the follow: it (and what was found before it) is no longer
   * new to them. Nothing changes when it is not new; another user's follow is 404.
   */
  async markEpisodeSeen(userId: number, id: number, episodeId: number): Promise<void> {
    const follow = await this.deps.store.get(userId, id);
    if (!follow) throw notFound(NOT_FOUND_DETAIL);
    await this.deps.store.seeUpTo(follow, episodeId);
  }

  /**
   * 立即检查: the work's listing is read now through the checker (paced, shared by every
   * follower), at most once a minute per user and work (429 with `retry_after`); answers the
   * follow as it then stands.
   */
  async checkNow(userId: number, id: number): Promise<Follow> {
    const { store, limits, checker } = this.deps;
    const follow = await store.get(userId, id);
    if (!follow) throw notFound(NOT_FOUND_DETAIL);
    const key = `follow-check:${userId}:${follow.kind}:${follow.work_id}`;
    const wait = await limits.hit(key, 1, CHECK_NOW_SPACING_MS);
    if (wait > 0) throw tooManyRequests(`请在 ${wait} 秒后再检查这部作品`, wait);
    await checker.checkNow(follow);
    return this.one(userId, id);
  }

  async list(userId: number): Promise<FollowsResponse> {
    const { store, builders, titles, logger } = this.deps;
    const [rows, unseen] = await Promise.all([store.list(userId), store.unseenEpisodes(userId)]);
    const named = await titlesOfWorks(titles, rows, this.deps.now(), logger);
    const follows = rows.map((row): Follow => ({
      id: row.id,
      kind: row.kind,
      work_id: row.work_id,
      title: row.title,
      chinese_name: named.get(`${row.kind}:${row.work_id}`)?.chinese_name ?? null,
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
      next_broadcast_at: named.get(`${row.kind}:${row.work_id}`)?.next_broadcast_at ?? null,
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
