import type {
  DeleteHistoryEpisodeResponse,
  HistoryCategory,
  HistoryEpisode,
  ImageItem,
  SearchLibraryEpisodesResponse,
  SearchLibraryResponse,
} from '@capshelf/contract';
import type { Directory, WorkNamer } from '../catalog';
import { notFound } from '../errors';
import { imageItem, type CdnPreferences } from '../images';
import { episodeLink, workLink } from '../upstream';
import type { UrlBuilders } from '../upstream';
import { historyWorkKey, type HistoryRow, type HistoryStore } from './history-store';
import { episodeNameOf, workName } from './names';

/** The show title a record names: the directory's title first, then what the page sent. */
const showNameOf = (row: Pick<HistoryRow, 'work_title' | 'show_title' | 'work_id'>) =>
  row.work_title ||
  row.show_title ||
  (row.work_id === null ? '未知作品' : workName(null, row.work_id));

/**
 * The search-history library: the signed-in user's own history grouped by work, or flat by
 * episode. History is private; every read and delete is scoped to the caller.
 */
export class SearchLibrary {
  constructor(
    private readonly deps: {
      history: HistoryStore;
      directory: Directory;
      /** The works' Chinese names (`titles/`). */
      names: Pick<WorkNamer, 'namesOf'>;
      cdn: CdnPreferences;
      builders: UrlBuilders;
    },
  ) {}

  /** Works newest-viewed first, each with its episodes newest first. */
  async byWork(userId: number): Promise<SearchLibraryResponse> {
    const episodes = await this.episodeAnswers(userId);
    const works = new Map<string, HistoryEpisode[]>();
    for (const episode of episodes.list) {
      const key = episodes.workKeys.get(episode.history_id)!;
      const list = works.get(key);
      if (list) list.push(episode);
      else works.set(key, [episode]);
    }
    const named = [...works.values()].flatMap((list) => (list[0]!.work ? [list[0]!.work] : []));
    const names = await this.deps.names.namesOf(named);
    // Episodes arrive newest first, so each work's first episode is its newest view.
    const categories = [...works.values()].map((list): HistoryCategory => ({
      show_name: list[0]!.show_name,
      chinese_name: list[0]!.work
        ? (names.get(`${list[0]!.work.kind}:${list[0]!.work.id}`) ?? null)
        : null,
      work: list[0]!.work,
      link: list[0]!.work && workLink(this.deps.builders, list[0]!.work.kind, list[0]!.work.id),
      episode_count: list.length,
      total_images: list.reduce((sum, e) => sum + e.image_count, 0),
      last_viewed: list[0]!.updated_at,
      episodes: list,
    }));
    return {
      categories,
      total_categories: categories.length,
      total_images: categories.reduce((sum, c) => sum + c.total_images, 0),
    };
  }

  /** Every episode of every work, newest first (the page's by-episode view). */
  async byEpisode(userId: number): Promise<SearchLibraryEpisodesResponse> {
    const { list } = await this.episodeAnswers(userId);
    return { episodes: list, total: list.length };
  }

  async remove(userId: number, historyId: number): Promise<DeleteHistoryEpisodeResponse> {
    const { history, directory } = this.deps;
    const removed = await history.remove(userId, historyId);
    if (!removed) throw notFound('历史记录不存在');
    const { row, workRemoved } = removed;
    const workTitle = showNameOf({
      ...row,
      work_title: row.work_id === null ? null : await directory.workTitle(row.kind, row.work_id),
    });
    const episode = episodeNameOf(row.kind, row.episode_id, row.episode_title, workTitle);
    return {
      success: true,
      message: workRemoved
        ? `已从搜索历史中删除「${episode}」，「${workTitle}」已没有其他记录`
        : `已从搜索历史中删除「${episode}」`,
      work_removed: workRemoved,
      work_title: workTitle,
    };
  }

  private async episodeAnswers(userId: number) {
    const [rows, previews, compressed] = await Promise.all([
      this.deps.history.list(userId),
      this.deps.history.previews(userId),
      this.deps.cdn.usesSmallCdn(userId),
    ]);
    const images = new Map<number, ImageItem[]>();
    for (const p of previews) {
      const item = imageItem(p.kind, p.id, compressed);
      const list = images.get(p.history_id);
      if (list) list.push(item);
      else images.set(p.history_id, [item]);
    }
    const workKeys = new Map(rows.map((r) => [r.id, historyWorkKey(r)]));
    const list = rows.map((row): HistoryEpisode => {
      const showName = showNameOf(row);
      const link = episodeLink(this.deps.builders, row.kind, row.episode_id);
      return {
        history_id: row.id,
        episode_id: row.episode_id,
        episode_url: link.source_url,
        link,
        episode_name: episodeNameOf(row.kind, row.episode_id, row.episode_title, showName),
        kind: row.kind,
        show_name: showName,
        work: row.work_id === null ? null : { kind: row.kind, id: row.work_id },
        search_term: row.search_term,
        created_at: row.created_at,
        updated_at: row.updated_at,
        source: row.source === 'search' ? 'search' : 'direct',
        view_count: row.view_count,
        // What the visit counted, or what the read found once it finished (a visit left mid-read counted 0).
        image_count: Math.max(row.image_count, listedCount(row.read_listing)),
        images: images.get(row.id) ?? [],
      };
    });
    return { list, workKeys };
  }
}

/** The image count of a finished read's stored listing; 0 when there is none or it is unreadable. */
function listedCount(progress: string | null): number {
  if (!progress) return 0;
  try {
    const ids = (JSON.parse(progress) as { imageIds?: unknown }).imageIds;
    return Array.isArray(ids) ? ids.length : 0;
  } catch {
    return 0;
  }
}
