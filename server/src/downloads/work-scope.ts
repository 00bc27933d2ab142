import type { CreateWorkDownloadRequest, DownloadSize } from '@capshelf/contract';
import type { z } from 'zod';
import type { CatalogService } from '../catalog';
import { AppError, badRequest } from '../errors';
import { STORED_AS, type ImageSizes } from '../images';
import { UpstreamNotFoundError, type UrlModel } from '../upstream';
import type { WorkTask } from './work';

/** What a whole-work job (or its review) reads: the work, which of its episodes, at what size. */
export type WorkScopeInput = Pick<
  z.output<typeof CreateWorkDownloadRequest>,
  'work_url' | 'kind' | 'episode_ids' | 'size'
>;

/** A work as resolved: what the job stores, what the size delivers, and the work's episode count. */
export interface ResolvedWork {
  work: WorkTask;
  contents: DownloadSize;
  episodeCount: number;
}

/**
 * Resolves a whole-work job's scope, for the job and its review alike. The episode list is read
 * now (a cached listing costs nothing), so an unknown work or an episode not in it is refused
 * before anything starts.
 */
export class WorkResolver {
  constructor(
    private readonly deps: { urls: UrlModel; catalog: CatalogService; sizes: ImageSizes },
  ) {}

  async resolve(input: WorkScopeInput): Promise<ResolvedWork> {
    const { work, episodes, episodeCount } = await this.episodesOf(input);
    const contents = this.deps.sizes.delivered(work.kind, input.size);
    return { work: { work, episodes, size: STORED_AS[contents] }, contents, episodeCount };
  }

  private async episodesOf(input: WorkScopeInput) {
    const { urls, catalog } = this.deps;
    const ref = urls.toRef(input.work_url, { kind: input.kind ?? 'anime' });
    if (ref?.type === 'movie') {
      if (input.episode_ids?.some((id) => id !== ref.id))
        throw badRequest('episode_ids: 电影只有它自己这一“集”');
      const listing = await catalog.episodeImages(ref, 'smart').catch(unknownWork);
      const title = listing.value.workTitle ?? `movie ${ref.id}`;
      const work = { kind: 'movie' as const, id: ref.id, title };
      return { work, episodes: [{ id: ref.id, title, ref }], episodeCount: 1 };
    }
    if (ref?.type !== 'work') throw badRequest('work_url: 不是有效的作品地址');
    const show = await catalog.episodes(input.work_url, ref.kind).catch(unknownWork);
    const known = new Map(show.value.episodes.map((e) => [e.id, e]));
    const missing = (input.episode_ids ?? []).filter((id) => !known.has(id));
    if (missing.length > 0)
      throw new AppError(400, 'VALIDATION_FAILED', `有 ${missing.length} 个剧集不属于这部作品`, {
        unknown_episode_ids: missing.slice(0, 100),
      });
    const chosen = input.episode_ids
      ? show.value.episodes.filter((e) => input.episode_ids!.includes(e.id))
      : show.value.episodes;
    return {
      work: { kind: ref.kind, id: ref.id, title: show.value.title },
      episodes: chosen.map((e) => ({
        id: e.id,
        title: e.label,
        ref: { type: 'episode' as const, kind: ref.kind, id: e.id },
      })),
      episodeCount: show.value.episodes.length,
    };
  }
}

/** A work the source does not have is the caller's mistake (400), not a failure of ours. */
function unknownWork(error: unknown): never {
  if (error instanceof UpstreamNotFoundError) throw badRequest('work_url: 源站上没有这部作品');
  throw error;
}
