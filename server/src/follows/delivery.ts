import { CreateWorkDownloadRequest } from '@capshelf/contract';
import type { CatalogService } from '../catalog';
import type { DownloadService } from '../downloads';
import type { ThumbnailPrefetch } from '../images';
import type { Logger } from '../logger';
import { actAs, type UrlBuilders } from '../upstream';
import { CHECK_ACTOR, type NewEpisodesHandler } from './checker';
import type { CheckStore } from './check-store';
import type { FollowedEpisode, FollowedWorkRow } from './store';

/**
 * What a check's new episodes bring beyond the notice, per follow: 自动缓存 reads each new
 * episode's listing once (for every follower) and fetches its thumbnails in the background;
 * 自动下载 starts a whole-work job of just the new episodes for each follower who asked, with the
 * options of their last whole-work job (original size when they have none).
 */
export class FollowDelivery {
  constructor(
    private readonly deps: {
      store: CheckStore;
      catalog: CatalogService;
      builders: UrlBuilders;
      prefetch: ThumbnailPrefetch;
      downloads: DownloadService;
      logger: Logger;
      notify?: NewEpisodesHandler;
    },
  ) {}

  async deliver(work: FollowedWorkRow, added: FollowedEpisode[]): Promise<void> {
    const { store, catalog, prefetch, logger } = this.deps;
    // Queued first and only queued: no follower's notification waits for caching or downloads.
    await this.deps.notify?.(work, added);
    const followers = await store.followersWanting(work);
    const caching = followers.find((f) => f.mode === 'cache');
    if (caching) {
      for (const episode of added) {
        const ref = { type: 'episode' as const, kind: work.kind, id: episode.episode_id };
        try {
          const listing = await actAs(CHECK_ACTOR, () => catalog.episodeImages(ref, 'smart'));
          prefetch.thumbnails(caching.user_id, listing.value);
        } catch (error) {
          logger.info({ err: error, episode: ref }, 'a new episode could not be cached');
        }
      }
    }
    for (const follower of followers.filter((f) => f.mode === 'download')) {
      await this.download(follower.user_id, work, added).catch((error: unknown) =>
        logger.warn({ err: error, user: follower.user_id }, 'automatic download not started'),
      );
    }
  }

  private async download(userId: number, work: FollowedWorkRow, added: FollowedEpisode[]) {
    const last = await this.deps.store.lastWorkOptions(userId);
    // Not the kohya folder name nor the trigger word: they named that job's work and its concept
    // (absent, this one is named by its title, its captions carry no trigger word).
    const { kohya_name: _name, trigger_word: _trigger, ...dataset } = last?.dataset ?? {};
    // Parsed as the route parses a request, so with no last job every option takes its default.
    const request = CreateWorkDownloadRequest.parse({
      work_url: this.deps.builders.showPageUrl({ type: 'work', kind: work.kind, id: work.work_id }),
      kind: work.kind,
      episode_ids: added.map((e) => e.episode_id),
      size: last?.size ?? 'large',
      ...dataset,
      // With the library folder since unset, the episode comes as a ZIP rather than not at all.
      ...(this.deps.downloads.libraryEnabled ? {} : { destination: 'zip' }),
    });
    await this.deps.downloads.createWork(userId, request);
  }
}
