import type { Generated } from 'kysely';

/** A user's saved dataset review of one work (migration 032). */
export interface ReviewDraftsTable {
  id: Generated<number>;
  user_id: number;
  /** `<kind>|<work_url>`: one draft per user and work. */
  work_key: string;
  work_url: string;
  kind: 'anime' | 'tv' | null;
  title: string;
  /** JSON arrays of image ids. */
  keep_ids: string;
  drop_ids: string;
  /** JSON of the contract's TagEdits. */
  tag_edits: string;
  trigger_word: string;
  updated_at: string;
}
