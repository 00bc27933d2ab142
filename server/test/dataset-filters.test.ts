import path from 'node:path';
import type { DownloadStatus } from '@capshelf/contract';
import { DATASET_EPISODES } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { datasetFrames, datasetShow, idsWhere } from './support/dataset-drill';
import { ownUrl } from './support/downloads';
import { finished, post, startWork, t, useWorkJobsApp, workUrl, zipOf } from './support/work-jobs';

useWorkJobsApp();

const show = datasetShow;
const frames = datasetFrames;

async function keptIds(id: string): Promise<number[]> {
  return (await zipOf(id)).map((entry) => Number(path.basename(entry.name, '.jpg')));
}

async function runWork(options: object): Promise<{ status: DownloadStatus; kept: number[] }> {
  const id = await startWork({ work_url: workUrl(show.id), size: 'thumb', ...options });
  const status = await finished(id);
  expect(status.status, status.error ?? '').toBe('completed');
  return { status, kept: await keptIds(id) };
}

describe(`dataset filters (${databaseKind})`, () => {
  it('keeps openings and endings once across the work, the first A of an A-B-A, and no bad frame', async () => {
    const { status, kept } = await runWork({
      skip_near_duplicates: true,
      quality_filters: ['dark', 'blank', 'blurry'],
    });
    expect(kept).toEqual(idsWhere((f) => f.truth === 'keep'));
    // Three episodes: each has its own run, its cut back and its three bad frames; the later
    // two repeat the two opening frames and the ending.
    expect(status.skipped_reasons).toEqual({
      near_duplicate: DATASET_EPISODES * 3 + (DATASET_EPISODES - 1) * 3,
      dark: DATASET_EPISODES,
      blank: DATASET_EPISODES,
      blurry: DATASET_EPISODES,
    });
    expect(status.skipped_count).toBe(frames.length - kept.length);
    expect(status.episodes!.map((e) => e.skipped)).toEqual([6, 9, 9]);
  });

  it('with the episode scope keeps each episode its opening and ending, and no filter keeps bad frames', async () => {
    const { status, kept } = await runWork({
      skip_near_duplicates: true,
      near_duplicate_scope: 'episode',
    });
    // Within an episode only the run and the cut back repeat; blank frames are alone in theirs.
    expect(kept).toEqual(idsWhere((f) => !(f.truth === 'near_duplicate' && /^e\d/.test(f.scene))));
    expect(status.skipped_reasons).toEqual({
      near_duplicate: DATASET_EPISODES * 3,
      dark: 0,
      blank: 0,
      blurry: 0,
    });
  });

  it('at 完全相同 (≤ 2) a frame dropped as a repeat never stands for the next one', async () => {
    const { kept } = await runWork({ skip_near_duplicates: true, near_duplicate_threshold: 2 });
    // In each episode's run A0, A2, A3 and the cut back A1: A2 (2 bits from A0) and A1 (1 bit)
    // go; A3 is 1 bit from the dropped A2 but 3 from the kept A0, so it stays.
    for (let n = 0; n < DATASET_EPISODES; n++) {
      const run = idsWhere((f) => f.episode === n && f.scene === `e${n}-a`);
      expect(run.filter((id) => kept.includes(id))).toEqual([run[0], run[2]]);
    }
    // Blank frames look alike everywhere: without the blank filter the first one stands for all.
    expect(kept.filter((id) => idsWhere((f) => f.look === 'blank').includes(id))).toHaveLength(1);
  });

  it('quality filters alone leave out exactly the dark, blank and blurry frames, each counted', async () => {
    const { status, kept } = await runWork({ quality_filters: ['blurry', 'dark'] });
    expect(kept).toEqual(idsWhere((f) => f.look !== 'dark' && f.look !== 'blurry'));
    expect(status.skipped_reasons).toEqual({
      near_duplicate: 0,
      dark: DATASET_EPISODES,
      blank: 0,
      blurry: DATASET_EPISODES,
    });
  });

  it('a selection download takes the same filter over the images given, in their order', async () => {
    const urls = frames.map((f) => ownUrl(f.id, 'thumb'));
    const res = await post('/api/download', {
      image_urls: urls,
      skip_near_duplicates: true,
      quality_filters: ['dark', 'blank', 'blurry'],
    });
    expect(res.statusCode, res.body).toBe(202);
    const id: string = res.json().download_id;
    const status = await finished(id);
    expect(status.skipped_reasons).toMatchObject({ dark: 3, blank: 3, blurry: 3 });
    expect(status.done_count).toBe(idsWhere((f) => f.truth === 'keep').length);
  });

  it('measures each image once: a second job reads the stored measures, not the file', async () => {
    const db = t.services.db.kysely;
    const rows = await db
      .selectFrom('cached_images')
      .select(['id', 'phash', 'luma', 'sharpness'])
      .where('kind', '=', 'anime')
      .where('size', '=', 'thumb')
      .where(
        'id',
        'in',
        frames.map((f) => f.id),
      )
      .execute();
    expect(rows).toHaveLength(frames.length);
    for (const row of rows) expect(row.phash).toMatch(/^[0-9a-f]{16}$/);
    // Mark one sharp frame dark in its row alone: a job that measured again would keep it.
    const [victim] = idsWhere((f) => f.truth === 'keep');
    await db.updateTable('cached_images').set({ luma: 3 }).where('id', '=', victim!).execute();
    const { kept } = await runWork({ quality_filters: ['dark'] });
    expect(kept).toEqual(idsWhere((f) => f.look !== 'dark' && f.id !== victim));
  });
});
