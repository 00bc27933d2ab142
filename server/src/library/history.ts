import type { CatalogService, Directory } from '../catalog';
import type { HistoryStore } from './history-store';

/** A visit as the page reports it: the episode as given, and whatever titles the page knew. */
export interface VisitInput {
  episode_id: string;
  search_term?: string;
  show_title?: string;
  episode_title?: string;
}

/** History bookkeeping: a visit the page reports, completed from what the server knows. */
export class HistoryService {
  constructor(
    private readonly deps: {
      store: HistoryStore;
      catalog: CatalogService;
      directory: Directory;
    },
  ) {}

  /**
   * Records a visit, filling in what the page left out from the stored listing and the directory.
   * `imageCount`: how many images were shown, when that count is exact.
   */
  async recordVisit(userId: number, input: VisitInput, imageCount: number | null): Promise<void> {
    const { catalog, directory } = this.deps;
    const ref = catalog.resolveEpisode(input.episode_id);
    const stored = await catalog.episodeImagesIfStored(ref);
    const workId = stored?.work?.id ?? (ref.type === 'movie' ? ref.id : null);
    const showTitle =
      input.show_title ||
      stored?.workTitle ||
      (workId ? await directory.workTitle(ref.kind, workId) : null) ||
      '';
    await this.deps.store.record(userId, {
      kind: ref.kind,
      episodeId: ref.id,
      workId,
      showTitle,
      episodeTitle: input.episode_title || stored?.episodeTitle || '',
      searchTerm: input.search_term ?? '',
      imageCount: imageCount ?? (stored?.exact ? stored.imageIds.length : null),
    });
  }
}
