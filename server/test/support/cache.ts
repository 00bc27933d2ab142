import { readdirSync } from 'node:fs';
import path from 'node:path';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import type { BrowseApp } from './browse';

/** Every file name under the image cache's folder, temporaries included. */
export const imageFiles = (app: BrowseApp) =>
  readdirSync(path.join(app.dataDir, 'images'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/** Thumbnails of one episode (about 6 KB each from the replica), in order. */
export const EPISODE_ID = KEY_IDS.bigEpisode + 2;
export const THUMBS = episodeById(EPISODE_ID)!.imageIds.slice(0, 20);

export const thumbUrl = (id: number) => `/api/images/${id}.jpg?kind=anime&size=thumb`;

/** Views one thumbnail as a signed-in user (a first view fetches and stores it). */
export async function view(t: BrowseApp, id: number, headers = t.headers): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: thumbUrl(id), headers });
  return res.statusCode;
}

/** The thumbnails among `ids` the cache holds (its row and its file), in the order given. */
export async function cachedThumbs(t: BrowseApp, ids: number[]): Promise<number[]> {
  const rows = await t.services.imageRecords.stored('anime', 'thumb', ids);
  const held = new Set(rows.map((r) => r.id));
  const { images, storage } = t.services;
  const inStore = await Promise.all(
    ids.map(async (id) => (await storage.head(images.keyOf('anime', id, 'thumb'))) !== null),
  );
  return ids.filter((id, i) => held.has(id) && inStore[i]);
}

/** The totals as the admin sees them. */
export async function overview(t: BrowseApp) {
  const admin = { authorization: `Bearer ${await t.login()}` };
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/cache', headers: admin });
  return res.json<{
    size_bytes: number;
    files: number;
    images: number;
    max_bytes: number | null;
    min_free_bytes: number;
    free_bytes: number | null;
    evicted_files: number;
    evicted_bytes: number;
  }>();
}

/** An unfinished task (paused until far in the future) that needs these images. */
export async function pausedTaskNeeding(t: BrowseApp, ids: number[]): Promise<void> {
  const items = ids.map((id) => ({ kind: 'anime', id, size: 'thumb', compressed: false }));
  const now = new Date().toISOString();
  await t.services.db.kysely
    .insertInto('downloads')
    .values({
      id: `paused-${ids.join('-')}`,
      user_id: 1,
      status: 'paused',
      resume_at: new Date(Date.now() + 86_400_000).toISOString(),
      file_name: 'paused.zip',
      entry_prefix: 'paused',
      items: JSON.stringify(items),
      file_count: ids.length,
      error: null,
      worker: null,
      heartbeat_at: null,
      created_at: now,
      started_at: now,
      finished_at: null,
      expires_at: null,
      request: null,
      episodes: null,
      episodes_total: null,
      episodes_done: null,
      pause_reason: '源站暂时无法访问',
      reason: null,
      eta_seconds: null,
    })
    .execute();
}
