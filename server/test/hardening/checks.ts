// Assertions the hardening suites share: the contract's error shape, and stored data unchanged.
import { ErrorBody } from '@capshelf/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type BrowseApp } from '../support/browse';

// ---------------------------------------------------------------------------------------------
// Answers and stored data.

/** An error answer in the contract shape: `{detail: string | object, code: string}`. */
export function expectContractError(res: LightMyRequestResponse, status?: number) {
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body: unknown = res.json();
  expect(ErrorBody.safeParse(body).success, res.body).toBe(true);
  expect(typeof (body as { code?: unknown }).code, res.body).toBe('string');
}

const TABLES = [
  'users',
  'sessions',
  'password_resets',
  'rate_limits',
  'listings',
  'works',
  'episodes',
  'image_index',
  'cached_images',
  'user_settings',
  'history',
  'recent_searches',
  'downloads',
  'favorite_works',
  'favorite_episodes',
  'favorite_images',
  'followed_works',
  'followed_episodes',
  'follows',
  'access_tokens',
  'notification_channels',
  'work_titles',
  'shares',
  'share_images',
  'review_drafts',
  'library_episodes',
] as const;
/** Tables whose every row is compared, not only counted. */
const COMPARED = [
  'users',
  'user_settings',
  'history',
  'recent_searches',
  'favorite_works',
  'favorite_episodes',
  'favorite_images',
  'follows',
  'access_tokens',
  'cache_totals',
  'work_titles',
  'shares',
  'review_drafts',
] as const;

/** Row counts of every table and the rows of the per-user ones, to compare before and after. */
export async function snapshotData(t: BrowseApp) {
  const db = t.services.db.kysely;
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const rows: Record<string, unknown[]> = {};
  for (const table of COMPARED) {
    const all = (await db.selectFrom(table).selectAll().execute()).map((row) =>
      JSON.stringify(row),
    );
    rows[table] = all.sort();
  }
  return { counts, rows };
}
