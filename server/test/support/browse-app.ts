import { KEY_IDS, episodeById, imageById } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startBrowseApp, type BrowseApp } from './browse';

/** The browse test files' shared app; bound by `useBrowseApp`. */
export let t: BrowseApp;

/** One app per file; every test starts with no faults and zeroed upstream counts. */
export function useBrowseApp(env: Record<string, string> = {}) {
  beforeAll(async () => {
    t = await startBrowseApp(env);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    t.replica.clearFaults();
    t.replica.resetCounts();
  });
}

export const api = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers = t.headers,
) => t.app.inject({ method, url, payload, headers });
export const BIG_EPISODE_SHOW = imageById(episodeById(KEY_IDS.bigEpisode)!.imageIds[0]!)!.workId;
export const episodeUrl = (kind: string, id: number) =>
  `${t.replica.pageOrigin}/${kind}/episodeimages.php?${id}`;
