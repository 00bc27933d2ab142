import { FINISHED_DOWNLOAD_STATES, type DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, movieById, showById } from '@capshelf/replica';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startBrowseApp, type BrowseApp } from './browse';
import { readZip } from './zip';

/** The whole-work job test files' shared app; bound by `useWorkJobsApp`. */
export let t: BrowseApp;

/** One app per file; every test starts with an empty tray. */
export function useWorkJobsApp() {
  beforeAll(async () => {
    t = await startBrowseApp({ DOWNLOAD_RETRY_INTERVAL: '1s', WORK_JOBS_PER_USER: '3' });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    t.replica.clearFaults();
    // Every test starts with an empty tray: earlier tasks must not use up the slots.
    const list = await get('/api/download');
    for (const task of list.json().downloads as DownloadStatus[])
      if (!FINISHED_DOWNLOAD_STATES.includes(task.status))
        await post(`/api/download/${task.download_id}/cancel`);
  });
}

export const robot = showById(10700)!;
export const scenes = showById(KEY_IDS.sceneShow)!;
export const paperMoon = movieById(KEY_IDS.onePageMovie)!;
export const workUrl = (id: number) =>
  t.services.builders.workUrl({ type: 'work', kind: 'anime', id });
export const movieUrl = (id: number) =>
  t.services.builders.workUrl({ type: 'movie', kind: 'movie', id });

export const get = (url: string, app = t) =>
  app.app.inject({ method: 'GET', url, headers: app.headers });
export const post = (url: string, payload?: object, app = t) =>
  app.app.inject({ method: 'POST', url, headers: app.headers, ...(payload ? { payload } : {}) });

export async function startWork(body: object, app = t): Promise<string> {
  const res = await post('/api/download/work', body, app);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().download_id;
}

export async function waitFor(
  id: string,
  done: (s: DownloadStatus) => boolean,
  app = t,
  what = 'the task',
): Promise<DownloadStatus> {
  for (let i = 0; i < 600; i++) {
    const status = (await get(`/api/download/${id}/status`, app)).json<DownloadStatus>();
    if (done(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
export const finished = (id: string, app = t) =>
  waitFor(id, (s) => FINISHED_DOWNLOAD_STATES.includes(s.status), app, 'the end');

export async function zipOf(id: string, app = t) {
  const file = await get(`/api/download/${id}/file`, app);
  expect(file.statusCode).toBe(200);
  return readZip(file.rawPayload);
}
