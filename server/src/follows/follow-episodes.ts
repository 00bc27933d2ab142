import type { Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * A user's follows joined with the episodes of their works found after `since` of each follow
 * (`created_at`: everything new since they followed; `seen_at`: what they have not seen yet).
 */
export function episodesOfFollows(
  db: Kysely<Database>,
  userId: number,
  since: 'created_at' | 'seen_at',
) {
  return db
    .selectFrom('follows')
    .innerJoin('followed_episodes', (join) =>
      join
        .onRef('followed_episodes.kind', '=', 'follows.kind')
        .onRef('followed_episodes.work_id', '=', 'follows.work_id')
        .onRef('followed_episodes.found_at', '>', `follows.${since}`),
    )
    .where('follows.user_id', '=', userId);
}
