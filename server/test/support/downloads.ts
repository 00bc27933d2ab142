import { FINISHED_DOWNLOAD_STATES } from '@capshelf/contract';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import type { BrowseApp } from './browse';

/** Helpers the download test files share. */
export const ids = episodeById(KEY_IDS.bigEpisode + 1)!.imageIds;
export const ownUrl = (id: number, size = 'large', kind = 'anime') =>
  `/api/images/${id}.jpg?kind=${kind}&size=${size}`;

export async function createTask(app: BrowseApp, body: object, headers = app.headers) {
  return app.app.inject({ method: 'POST', url: '/api/download', payload: body, headers });
}

/** Polls until the task ends: up to 30 s, as a loaded machine fetches a 60-image task slowly. */
export async function waitForEnd(app: BrowseApp, id: string, headers = app.headers) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const status = (
      await app.app.inject({ method: 'GET', url: `/api/download/${id}/status`, headers })
    ).json();
    if (FINISHED_DOWNLOAD_STATES.includes(status.status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('download did not finish');
}
