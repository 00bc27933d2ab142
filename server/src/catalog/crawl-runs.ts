import { fromUpstream } from '../errors';
import type { EpisodeRef, ImageCrawlOptions, ImageCrawlProgress, MovieRef } from '../upstream';
import type { CrawlProgressStore, CrawlRecord, CrawlState } from './crawl-progress';
import type { Cached } from './listing-cache';
import type { ImageCrawlStatus, ImageListing, ListingMeta } from './listings';

/**
 * The complete listings' crawls: each saves its progress page by page (so a failed or interrupted
 * one resumes), and callers in this process can wait for the next page one stores.
 */
export class CrawlRuns {
  /** Callers waiting for the next page a crawl in this process stores, per listing key. */
  private readonly pageWaiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly deps: {
      progress: CrawlProgressStore;
      /** A failed or interrupted crawl younger than this resumes where it stopped. */
      ttlMs: number;
    },
  ) {}

  /**
   * Runs a crawl that saves its progress page by page, resuming a failed or interrupted one of
   * the same listing that is still recent.
   */
  async run<M extends ListingMeta, C>(
    key: string,
    crawl: (options: ImageCrawlOptions<M>) => Promise<C>,
  ): Promise<C> {
    const { progress, ttlMs } = this.deps;
    const record = await progress.read<M>(key);
    const recent =
      record !== null &&
      Date.parse(record.updatedAt) > Date.now() - ttlMs &&
      record.state !== 'done';
    const resume = recent ? record.progress : null;
    await progress.begin(key, resume === null);
    const onProgress = async (read: ImageCrawlProgress<M>) => {
      await progress.save(key, read);
      this.pageStored(key);
    };
    try {
      return await crawl({ resume, onProgress });
    } catch (error) {
      const known = fromUpstream(error);
      const reason = known
        ? {
            code: known.code,
            message: typeof known.detail === 'string' ? known.detail : known.code,
            ...(typeof known.extra.retry_after === 'number' && {
              retry_after: known.extra.retry_after,
            }),
            ...(typeof known.extra.challenge === 'string' && { challenge: known.extra.challenge }),
          }
        : { code: 'INTERNAL', message: '读取失败，请稍后重试' };
      await progress.fail(key, reason).catch(() => undefined);
      this.pageStored(key);
      throw error;
    }
  }

  /** Resolves when this process's crawl of `key` stores a page or stops, or after `ms`. */
  nextPage(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.pageWaiters.get(key) ?? new Set<() => void>();
      this.pageWaiters.set(key, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.pageWaiters.get(key) === waiters) {
          this.pageWaiters.delete(key);
        }
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });
  }

  private pageStored(key: string): void {
    for (const done of this.pageWaiters.get(key) ?? []) done();
  }
}

/** A crawl's state as the progress endpoint reports it. */
export function crawlStatusOf(
  ref: EpisodeRef | MovieRef,
  state: CrawlState,
  listing: ImageListing,
  record: CrawlRecord<ListingMeta> | null,
  stored: Cached<ImageListing> | null,
): ImageCrawlStatus {
  const read = record?.progress;
  // A listing stored before crawls kept their progress (or by another path) has no page count.
  const done = state === 'done';
  const matches = read?.done && read.imageIds.length === listing.imageIds.length;
  return {
    state,
    listing: { ...listing, kind: ref.kind },
    pagesRead: read?.pagesRead ?? 0,
    pages: done ? (matches ? read.pages : null) : null,
    pagesAtLeast: read?.pages ?? 0,
    cached: stored?.cached ?? false,
    fetchedAt: stored?.fetchedAt ?? null,
    error: record?.error ?? null,
  };
}

/** What the pages read so far say of the listing. */
export function listingSoFar(
  ref: EpisodeRef | MovieRef,
  read: ImageCrawlProgress<ListingMeta> | null,
): ImageListing {
  const meta = read?.meta;
  const episode = meta && 'label' in meta ? meta : null;
  const workId = ref.type === 'movie' ? ref.id : (episode?.work?.id ?? null);
  const title = meta && 'year' in meta ? meta.title : null;
  return {
    kind: ref.kind,
    imageIds: read?.imageIds ?? [],
    workTitle: episode ? episode.workTitle : title,
    episodeTitle: episode ? episode.label || episode.title : title,
    work: workId === null ? null : { kind: ref.kind, id: workId },
    episode: { kind: ref.kind, id: ref.id },
    exact: true,
  };
}
