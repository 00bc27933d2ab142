import type { CatalogService } from '../catalog';
import type { Logger } from '../logger';
import { actAs, FetchPriority, type UrlBuilders } from '../upstream';
import type { Wakeups } from '../wakeups';
import type { CheckStore } from './check-store';
import { planCheck, type ScheduleSettings } from './schedule';
import type { FollowedEpisode, FollowedWorkRow, WorkKey } from './store';
import { airingOfWork, type FollowTitles } from './follow-titles';

/** The upstream identity of checks: one line of their own in each host's lane. */
export const CHECK_ACTOR = 'follow-check';
/** A check claimed by a process that died is taken up again after this. */
const CLAIM_MS = 10 * 60 * 1000;
const BATCH = 20;
/** 立即检查 does not read a work again that was checked this recently (a fresh answer). */
export const RECHECK_MS = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** What happens to a work's new episodes beyond the notice (auto cache / download). */
export type NewEpisodesHandler = (work: FollowedWorkRow, added: FollowedEpisode[]) => Promise<void>;

/**
 * Re-reads followed works' listings when due: one read per work per check whatever the number of
 * followers, through the paced client at background priority, under the work's claim so one
 * process checks it at a time. Every process may run one; they share the schedule in the database.
 */
export class FollowChecker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** The pass asked for while one ran: it starts when that one ends, shared by every asker. */
  private queued: Promise<number> | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly deps: {
      store: CheckStore;
      catalog: CatalogService;
      builders: UrlBuilders;
      schedule: ScheduleSettings;
      now: () => number;
      logger: Logger;
      onNewEpisodes?: NewEpisodesHandler;
      /** The works' title-table entries: checks timed to their broadcasts. */
      titles: FollowTitles;
      /** Wakes the checks when one is queued in any process; without it, polling alone. */
      wakeups?: Pick<Wakeups, 'on'>;
    },
  ) {}

  start(): void {
    const every = Math.min(Math.max(this.deps.schedule.checkIntervalMs / 4, 500), 60_000);
    this.timer = setInterval(() => void this.checkDue(), every);
    this.timer.unref();
    this.unsubscribe = this.deps.wakeups?.on('follows', () => void this.checkDue()) ?? null;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopped = true;
    this.unsubscribe?.();
    await this.running;
    await this.queued;
  }

  /**
   * Checks every work due now (one pass at a time per process); answers how many were read. Asked
   * while a pass runs (a wake-up came first), it runs one more pass after it, since that one may
   * have read the schedule before the caller's work was due.
   */
  checkDue(): Promise<number> {
    if (!this.running) {
      this.running = this.pass().finally(() => (this.running = null));
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.stopped ? 0 : this.checkDue();
    });
    return this.queued;
  }

  private async pass(): Promise<number> {
    const { store, now, logger } = this.deps;
    let checked = 0;
    try {
      for (const work of await store.due(iso(now()), BATCH)) {
        // Its last follower left (and the time to undo that passed): forgotten, not read.
        if (await store.forgetIfUnfollowed(work)) continue;
        if (!(await store.claim(work, iso(now() + CLAIM_MS)))) continue;
        if (await this.check(work)) checked += 1;
      }
    } catch (error) {
      logger.warn({ err: error }, 'follow checks failed');
    }
    return checked;
  }

  /**
   * 立即检查: checks the work now, the scheduled way (its claim, the same paced read under
   * `follow-check`, the same schedule after it), at the priority of what a user waits for. Skips
   * the read when the work was checked within `RECHECK_MS` (by anyone) or another check of it is
   * running. Answers whether the listing was read.
   */
  async checkNow(key: WorkKey): Promise<boolean> {
    const { store, now } = this.deps;
    const work = await store.get(key);
    if (!work) return false;
    if (work.last_checked_at && now() - Date.parse(work.last_checked_at) < RECHECK_MS) return false;
    if (!(await store.claim(work, iso(now() + CLAIM_MS)))) return false;
    return this.check(work, FetchPriority.visible);
  }

  /** False when the source could not be read (cool-down, challenge): tried again later. */
  private async check(
    work: FollowedWorkRow,
    priority: number = FetchPriority.background,
  ): Promise<boolean> {
    const { store, catalog, builders, schedule, now, logger } = this.deps;
    const url = builders.showPageUrl({ type: 'work', kind: work.kind, id: work.work_id });
    let show;
    try {
      show = await actAs(CHECK_ACTOR, () => catalog.episodes(url, work.kind, true, priority));
    } catch (error) {
      logger.info({ err: error, work: `${work.kind}:${work.work_id}` }, 'follow check deferred');
      show = null;
    }
    // A stored listing answered instead of a read: the source refused; the host's wait decides.
    if (!show || show.cached) {
      await store.schedule(work, { next_check_at: iso(now() + schedule.checkIntervalMs) });
      return false;
    }
    // Never throws (a title table that fails costs only the timing): the episodes' notices hold.
    const airing = await airingOfWork(this.deps.titles, work, show.value.title, logger);
    const at = now();
    const episodes = show.value.episodes.map((e) => ({ episode_id: e.id, label: e.label }));
    const added = await store.addEpisodes(work, episodes, iso(at));
    const lastNewAt = added.length > 0 ? at : Date.parse(work.last_new_at);
    const next = planCheck(schedule, at, lastNewAt, airing);
    await store.schedule(work, {
      title: show.value.title,
      episode_count: show.value.episodes.length,
      status: next.status,
      last_new_at: iso(lastNewAt),
      last_checked_at: iso(at),
      next_check_at: iso(next.at),
    });
    if (added.length > 0) await this.deps.onNewEpisodes?.(work, added);
    return true;
  }
}
