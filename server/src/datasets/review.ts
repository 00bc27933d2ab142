import {
  MAX_REVIEW_FRAMES,
  type DatasetOptions,
  type DatasetReviewRequest,
  type DatasetReviewResponse,
  type ReviewEpisode,
  type ReviewFrame,
  type SkippedReasons,
} from '@capshelf/contract';
import type { z } from 'zod';
import type { CatalogService } from '../catalog';
import type { ImageSize, Kind } from '../config';
import { imageItem, type ImageFacts, type ImageStore, type StoredImage } from '../images';
import type { EpisodeRef, MovieRef } from '../upstream';
import { DatasetBuild } from './build';
import { noneSkipped } from './filter';

type ReviewInput = z.output<typeof DatasetReviewRequest>;

/** The work as a whole-work job resolves it (downloads/work-scope.ts). */
export interface ReviewWork {
  work: { kind: Kind; title: string };
  /** The store's size the job reads (what the requested size delivers). */
  size: ImageSize;
  episodes: { id: number; title: string; ref: EpisodeRef | MovieRef }[];
}

/** Images one review call fetches and measures at most, a few at once (the paced client paces them). */
const MEASURE_PER_CALL = 48;
const PARALLEL = 6;
/**
 * A call answers once this much time went on measuring (the batch in flight finishes first), so
 * the screen shows what is known within a few seconds instead of after 48 paced originals.
 */
const MEASURE_BUDGET_MS = 1500;

interface Listed {
  episode: ReviewEpisode;
  kind: Kind;
  ids: number[];
}

/**
 * 制作数据集: the decision a whole-work job with the same options would take, from what is read
 * so far. It reads what the job reads and nothing else: the episode listings (one crawl at a time,
 * in episode order, shared with the image screen and the job) and the images at the job's size
 * (cached ones cost nothing; the rest through the same paced, cached store, so the job finds them
 * cached), measured once and stored. Each call measures the next few frames in the job's order,
 * so the frames decided are always the first ones and a decision never changes as more arrive.
 * Nothing is kept per user: the page holds the user's overrides and sends them with the job.
 */
export class DatasetReview {
  constructor(
    private readonly deps: {
      catalog: CatalogService;
      store: ImageStore;
      resolveWork: (input: ReviewInput) => Promise<ReviewWork>;
      /** Frames one call measures at most (tests read a work a few frames at a time). */
      measurePerCall?: number;
    },
  ) {}

  async review(input: ReviewInput): Promise<DatasetReviewResponse> {
    const work = await this.deps.resolveWork(input);
    const listed = await this.listings(work);
    const { frames, reasons } = await this.decide(
      listed,
      await this.measure(listed, work.size),
      input,
    );
    const count = (state: ReviewFrame['state']) => frames.filter((f) => f.state === state).length;
    const dropped = count('dropped');
    return {
      work_title: work.work.title,
      complete:
        listed.every((l) => l.episode.listing === 'done' || l.episode.listing === 'failed') &&
        count('pending') === 0,
      episodes: listed.map((l) => l.episode),
      images: frames.length,
      measured: count('kept') + dropped,
      kept: count('kept') + count('unmeasured'),
      dropped,
      reasons,
      offset: input.offset,
      frames: frames.slice(input.offset, input.offset + MAX_REVIEW_FRAMES),
    };
  }

  /** Every listed frame in the job's order, decided by the job's own build once it is measured. */
  private async decide(
    listed: Listed[],
    facts: Map<number, ImageFacts | null>,
    options: DatasetOptions,
  ): Promise<{ frames: ReviewFrame[]; reasons: SkippedReasons }> {
    const build = new DatasetBuild(options);
    const reasons = noneSkipped();
    const frames: ReviewFrame[] = [];
    for (const { episode, kind, ids } of listed) {
      await build.episode();
      for (const id of ids) {
        const known = facts.get(id);
        const frame = { image: imageItem(kind, id, false), episode_id: episode.id };
        if (!known) {
          const state = known === null ? 'unmeasured' : 'pending';
          frames.push({ ...frame, state, reason: null, matches: null });
          continue;
        }
        const dropped = build.decide(id, known);
        if (dropped) reasons[dropped.reason]++;
        frames.push({
          ...frame,
          state: dropped ? 'dropped' : 'kept',
          reason: dropped?.reason ?? null,
          matches: dropped?.matches ?? null,
        });
      }
    }
    return { frames, reasons };
  }

  /**
   * Each episode's listing as far as it is read. Only the first episode not yet listed is read
   * (its crawl runs on without this call); the ones after it wait, as they do in the job.
   */
  private async listings(work: ReviewWork): Promise<Listed[]> {
    const listed: Listed[] = [];
    let reading = false;
    for (const { id, title, ref } of work.episodes) {
      if (reading) {
        listed.push({
          episode: { id, title, listing: 'waiting', images: 0 },
          kind: ref.kind,
          ids: [],
        });
        continue;
      }
      const status = await this.deps.catalog.crawlStatus(ref);
      const ids = status.listing.imageIds;
      reading = status.state === 'running';
      listed.push({
        episode: { id, title, listing: status.state, images: ids.length },
        kind: status.listing.kind,
        ids,
      });
    }
    return listed;
  }

  /**
   * The stored measures of every listed frame, and the next few unmeasured ones measured now (in
   * the job's order, for at most about MEASURE_BUDGET_MS). Undefined: not measured yet; null: its
   * image could not be read this time.
   */
  private async measure(
    listed: Listed[],
    size: ImageSize,
  ): Promise<Map<number, ImageFacts | null>> {
    const facts = new Map<number, ImageFacts | null>();
    const unmeasured: { kind: Kind; id: number; cached: StoredImage | null }[] = [];
    for (const { kind, ids } of listed) {
      if (ids.length === 0) continue;
      const stored = await this.deps.store.storedMany(kind, ids, size);
      for (const id of ids) {
        const known = stored.get(id);
        if (known?.facts) facts.set(id, known.facts);
        else if (unmeasured.length < (this.deps.measurePerCall ?? MEASURE_PER_CALL))
          unmeasured.push({ kind, id, cached: known?.image ?? null });
      }
    }
    const began = Date.now();
    for (let start = 0; start < unmeasured.length; start += PARALLEL) {
      if (start > 0 && Date.now() - began > MEASURE_BUDGET_MS) break;
      await Promise.all(
        unmeasured.slice(start, start + PARALLEL).map(async ({ kind, id, cached }) => {
          try {
            const image = cached ?? (await this.deps.store.get(kind, id, size));
            facts.set(id, await this.deps.store.facts(kind, id, image));
          } catch {
            facts.set(id, null);
          }
        }),
      );
    }
    return facts;
  }
}
