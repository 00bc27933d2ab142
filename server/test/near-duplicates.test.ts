import path from 'node:path';
import { FINISHED_DOWNLOAD_STATES, type DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, nearFrameId, showById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { readZip } from './support/zip';

let t: BrowseApp;
beforeAll(async () => {
  t = await startBrowseApp();
});
afterAll(async () => {
  await t.close();
});

const show = showById(KEY_IDS.nearFramesShow)!;
const frames = show.episodes[0]!.imageIds;
/**
 * The frames hidden, walking in order and comparing with the last frame kept. The frames sit at
 * known distances (replica/test/near-frames.test.ts measures them with the server's own hash):
 * base 0, identical 0, below 4, at 6, above 7, far 40 bits from the base.
 */
const HIDDEN: Record<number, number[]> = {
  0: [nearFrameId('identical')],
  6: [nearFrameId('identical'), nearFrameId('below'), nearFrameId('at')],
  64: frames.slice(1),
};

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: t.headers, payload });

async function finished(id: string): Promise<DownloadStatus> {
  for (let i = 0; i < 600; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/download/${id}/status`,
      headers: t.headers,
    });
    const status = res.json<DownloadStatus>();
    if (FINISHED_DOWNLOAD_STATES.includes(status.status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting for the job to end');
}

describe(`near-duplicate threshold (${databaseKind})`, () => {
  it.each([0, 6, 64])(
    'the grid filter hides exactly the frames within %i bits',
    async (threshold) => {
      const res = await post('/api/download/near-duplicates', {
        kind: 'anime',
        image_ids: frames,
        threshold,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ hidden_ids: HIDDEN[threshold], unknown_ids: [] });
    },
  );

  it('the grid filter defaults to 6', async () => {
    const res = await post('/api/download/near-duplicates', { kind: 'anime', image_ids: frames });
    expect(res.json().hidden_ids).toEqual(HIDDEN[6]);
  });

  it.each([0, 6, 64])(
    'a whole-work job leaves out exactly those frames at %i',
    async (threshold) => {
      const res = await post('/api/download/work', {
        work_url: t.services.builders.workUrl({ type: 'work', kind: 'anime', id: show.id }),
        size: 'thumb',
        skip_near_duplicates: true,
        near_duplicate_threshold: threshold,
      });
      expect(res.statusCode, res.body).toBe(202);
      const id: string = res.json().download_id;
      const done = await finished(id);
      const kept = frames.filter((frame) => !HIDDEN[threshold]!.includes(frame));
      expect(done).toMatchObject({
        status: 'completed',
        done_count: kept.length,
        skipped_count: HIDDEN[threshold]!.length,
      });
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/download/${id}/file`,
        headers: t.headers,
      });
      expect((await readZip(file.rawPayload)).map((e) => path.basename(e.name))).toEqual(
        kept.map((frame) => `${frame}.jpg`),
      );
    },
  );
});
