import type { Kysely } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';

export interface HistoryVisit {
  kind: Kind;
  episodeId: number;
  workId: number | null;
  showTitle: string;
  episodeTitle: string;
  searchTerm: string;
  /** How many images the episode showed; null when only the episode was opened. */
  imageCount: number | null;
}

/** Each user's browsing history: one row per episode, refreshed on every visit. */
export class HistoryService {
  constructor(private readonly db: Kysely<Database>) {}

  async record(userId: number, visit: HistoryVisit): Promise<void> {
    const now = new Date().toISOString();
    const source = visit.searchTerm ? 'search' : 'direct';
    await this.db
      .insertInto('history')
      .values({
        user_id: userId,
        kind: visit.kind,
        episode_id: visit.episodeId,
        work_id: visit.workId,
        show_title: visit.showTitle,
        episode_title: visit.episodeTitle,
        search_term: visit.searchTerm,
        source,
        image_count: visit.imageCount ?? 0,
        view_count: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'episode_id']).doUpdateSet((eb) => ({
          view_count: eb('history.view_count', '+', 1),
          updated_at: now,
          // Keep what an earlier visit knew when this one knows less.
          work_id: eb.fn.coalesce('excluded.work_id', 'history.work_id'),
          show_title: visit.showTitle
            ? eb.ref('excluded.show_title')
            : eb.ref('history.show_title'),
          episode_title: visit.episodeTitle
            ? eb.ref('excluded.episode_title')
            : eb.ref('history.episode_title'),
          search_term: visit.searchTerm
            ? eb.ref('excluded.search_term')
            : eb.ref('history.search_term'),
          source: visit.searchTerm ? eb.ref('excluded.source') : eb.ref('history.source'),
          image_count:
            visit.imageCount === null
              ? eb.ref('history.image_count')
              : eb.ref('excluded.image_count'),
        })),
      )
      .execute();
  }
}
