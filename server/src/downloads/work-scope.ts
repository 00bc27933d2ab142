import { sanitizeFilenamePrefix, type CreateWorkDownloadRequest } from '@capshelf/contract';
import type { z } from 'zod';
import type { CatalogService } from '../catalog';
import type { LayoutOptions } from '../datasets';
import { AppError, badRequest } from '../errors';
import { UpstreamNotFoundError, type UrlModel } from '../upstream';
import type { WorkJobRequest } from './work';

type WorkInput = z.output<typeof CreateWorkDownloadRequest>;

/** A whole-work job's request, or its review's (which carries no archive options). */
export type WorkScopeInput = Omit<
  WorkInput,
  'metadata' | 'export' | 'kohya_repeats' | 'trigger_word'
> &
  Partial<WorkInput>;

/**
 * The work and its chosen episodes (the size is resolved by the caller), and the work's episode
 * count. The episode list is read now (a cached listing costs nothing), so an unknown work or an
 * episode not in it is refused before anything starts.
 */
export async function resolveWorkScope(
  deps: { urls: UrlModel; catalog: CatalogService },
  input: WorkScopeInput,
): Promise<{ request: Omit<WorkJobRequest, 'size'>; episodeCount: number }> {
  const options = {
    skipNearDuplicates: input.skip_near_duplicates,
    threshold: input.near_duplicate_threshold,
    metadata: input.metadata ?? false,
    keepIds: input.keep_image_ids,
    dropIds: input.drop_image_ids,
  };
  const layout = (title: string) => layoutOf(input, title);
  const ref = deps.urls.toRef(input.work_url, { kind: input.kind ?? 'anime' });
  if (ref?.type === 'movie') {
    if (input.episode_ids?.some((id) => id !== ref.id))
      throw badRequest('episode_ids: 电影只有它自己这一“集”');
    const listing = await deps.catalog.episodeImages(ref, 'smart').catch(unknownWork);
    const title = listing.value.workTitle ?? `movie ${ref.id}`;
    const request = {
      work: { kind: 'movie' as const, id: ref.id, title },
      episodes: [{ id: ref.id, title, ref }],
      ...options,
      layout: layout(title),
    };
    return { request, episodeCount: 1 };
  }
  if (ref?.type !== 'work') throw badRequest('work_url: 不是有效的作品地址');
  const show = await deps.catalog.episodes(input.work_url, ref.kind).catch(unknownWork);
  const known = new Map(show.value.episodes.map((e) => [e.id, e]));
  const missing = (input.episode_ids ?? []).filter((id) => !known.has(id));
  if (missing.length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', `有 ${missing.length} 个剧集不属于这部作品`, {
      unknown_episode_ids: missing.slice(0, 100),
    });
  const chosen = input.episode_ids
    ? show.value.episodes.filter((e) => input.episode_ids!.includes(e.id))
    : show.value.episodes;
  const request = {
    work: { kind: ref.kind, id: ref.id, title: show.value.title },
    episodes: chosen.map((e) => ({
      id: e.id,
      title: e.label,
      ref: { type: 'episode' as const, kind: ref.kind, id: e.id },
    })),
    ...options,
    layout: layout(show.value.title),
  };
  return { request, episodeCount: show.value.episodes.length };
}

/** The archive's layout as asked; kohya's folder is named after `fallbackName` unless given. */
export function layoutOf(
  input: Partial<Pick<WorkInput, 'export' | 'kohya_repeats' | 'kohya_name' | 'trigger_word'>>,
  fallbackName: string,
): LayoutOptions {
  return {
    export: input.export ?? 'plain',
    repeats: input.kohya_repeats ?? 1,
    name: sanitizeFilenamePrefix(input.kohya_name || fallbackName),
    trigger: input.trigger_word ?? '',
  };
}

/** A work the source does not have is the caller's mistake (400), not a failure of ours. */
function unknownWork(error: unknown): never {
  if (error instanceof UpstreamNotFoundError) throw badRequest('work_url: 源站上没有这部作品');
  throw error;
}
