import path from 'node:path';
import {
  DatasetReviewRequest,
  settledCount,
  type DatasetReviewResponse,
  type ReviewFrame,
} from '@capshelf/contract';
import { DATASET_EPISODES } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { DatasetReview } from '../src/datasets';
import { WorkResolver } from '../src/downloads/work-scope';
import { ImageSizes } from '../src/images';
import { databaseKind } from './helpers';
import { datasetFrames, datasetShow, idsWhere } from './support/dataset-drill';
import {
  finished,
  get,
  post,
  startWork,
  t,
  useWorkJobsApp,
  workUrl,
  zipOf,
} from './support/work-jobs';

useWorkJobsApp();

const show = datasetShow;
const frames = datasetFrames;
const everyFilter = {
  skip_near_duplicates: true,
  quality_filters: ['dark', 'blank', 'blurry'],
};

async function review(options: object = everyFilter): Promise<DatasetReviewResponse> {
  for (let call = 0; call < 50; call++) {
    const res = await post('/api/datasets/review', {
      work_url: workUrl(show.id),
      size: 'thumb',
      ...options,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DatasetReviewResponse>();
    if (body.complete) return body;
  }
  throw new Error('the review never completed');
}

const keptOf = (body: DatasetReviewResponse) =>
  body.frames.filter((f) => f.state === 'kept').map((f) => f.image.id);

describe(`dataset review (${databaseKind})`, () => {
  it('counts, decides and groups each dropped frame with the kept frame it repeats', async () => {
    const body = await review();
    expect(body.work_title).toBe(show.title);
    expect(body.episodes.map((e) => [e.listing, e.images])).toEqual(
      show.episodes.map((e) => ['done', e.imageIds.length]),
    );
    expect(body.images).toBe(frames.length);
    expect(body.measured).toBe(frames.length);
    expect(keptOf(body)).toEqual(idsWhere((f) => f.truth === 'keep'));
    expect(body.kept + body.dropped).toBe(frames.length);
    expect(body.reasons).toEqual({
      near_duplicate: DATASET_EPISODES * 3 + (DATASET_EPISODES - 1) * 3,
      dark: DATASET_EPISODES,
      blank: DATASET_EPISODES,
      blurry: DATASET_EPISODES,
    });
    // The second episode's opening frame repeats the first episode's; its cut back to A, its A.
    const byId = new Map(body.frames.map((f) => [f.image.id, f]));
    const [op1First, op1Second] = idsWhere((f) => f.scene === 'op1');
    expect(byId.get(op1Second!)).toMatchObject({ state: 'dropped', matches: op1First });
    const [a0, , , a1] = idsWhere((f) => f.scene === 'e1-a');
    expect(byId.get(a1!)).toMatchObject({ reason: 'near_duplicate', matches: a0 });
    const [dark] = idsWhere((f) => f.look === 'dark');
    expect(byId.get(dark!)).toMatchObject({ state: 'dropped', reason: 'dark', matches: null });
    // Every frame a near-duplicate matches is one the review keeps.
    for (const frame of body.frames.filter((f) => f.reason === 'near_duplicate'))
      expect(byId.get(frame.matches!)?.state).toBe('kept');
  });

  it('a looser preset, another scope or fewer filters change the decision and the counts', async () => {
    const episodeScope = await review({
      skip_near_duplicates: true,
      near_duplicate_scope: 'episode',
    });
    expect(episodeScope.reasons).toEqual({
      near_duplicate: DATASET_EPISODES * 3,
      dark: 0,
      blank: 0,
      blurry: 0,
    });
    const identical = await review({ skip_near_duplicates: true, near_duplicate_threshold: 2 });
    const run = idsWhere((f) => f.scene === 'e0-a');
    expect(run.filter((id) => keptOf(identical).includes(id))).toEqual([run[0], run[2]]);
    const tail = await review({ ...everyFilter, offset: frames.length - 3 });
    expect([tail.offset, tail.frames.length, tail.images]).toEqual([
      frames.length - 3,
      3,
      frames.length,
    ]);
    const none = await review({});
    expect([none.kept, none.dropped]).toEqual([frames.length, 0]);
  });

  it('fills in a few frames at a time, and what it decided never changes as more arrive', async () => {
    const final = await review();
    // The job's resolver, as the downloads wiring gives it to the app's own review.
    const { urls, catalog, config } = t.services;
    const sizes = new ImageSizes(config.upstream.imageUrls);
    const works = new WorkResolver({ urls, catalog, sizes });
    const slow = new DatasetReview({
      catalog: t.services.catalog,
      store: t.services.images,
      resolveWork: async (input) => (await works.resolve(input)).work,
      measurePerCall: 4,
    });
    // Measures are stored: forget them so this review has to read the frames again.
    await t.services.db.kysely
      .updateTable('cached_images')
      .set({ phash: null })
      .where('kind', '=', 'anime')
      .where('size', '=', 'thumb')
      .where(
        'id',
        'in',
        frames.map((f) => f.id),
      )
      .execute();
    const input = DatasetReviewRequest.parse({
      work_url: workUrl(show.id),
      size: 'thumb',
      ...everyFilter,
    });
    // As the page asks: from the first frame not settled, keeping what it has before it.
    let got: ReviewFrame[] = [];
    const ask = async () => {
      const offset = settledCount(got);
      const body = await slow.review({ ...input, offset });
      expect(body.offset).toBe(offset);
      got = [...got.slice(0, offset), ...body.frames];
      expect(got.slice(0, settledCount(got))).toEqual(final.frames.slice(0, settledCount(got)));
      return body;
    };
    const first = await ask();
    expect(first.complete).toBe(false);
    expect(first.measured).toBe(4);
    expect(settledCount(got)).toBe(4);
    expect(got.slice(4).every((f) => f.state === 'pending')).toBe(true);
    let calls = 1;
    let body = first;
    while (!body.complete) {
      body = await ask();
      calls++;
    }
    expect(calls).toBe(Math.ceil(frames.length / 4));
    expect(got).toEqual(final.frames);
    expect({ ...body, frames: [], offset: 0 }).toEqual({ ...final, frames: [] });
  });

  it('while a listing is still read, shows what is read so far and the later episodes waiting', async () => {
    const final = await review();
    await t.services.catalog.clearListings(show.episodes.map((e) => `episode:anime:${e.id}`));
    t.replica.setFault('pages', { type: 'slow', delayMs: 4000 });
    const res = await post('/api/datasets/review', {
      work_url: workUrl(show.id),
      size: 'thumb',
      ...everyFilter,
    });
    t.replica.clearFaults();
    const reading = res.json<DatasetReviewResponse>();
    expect(reading.complete).toBe(false);
    expect(reading.episodes.map((e) => e.listing)).toEqual(['running', 'waiting', 'waiting']);
    expect(reading.frames).toEqual([]);
    expect(await review()).toEqual(final);
  });

  it('the job applies the review exactly: a kept near-duplicate is in the ZIP, a dropped frame is not', async () => {
    const body = await review();
    const restored = body.frames.find((f) => f.reason === 'near_duplicate')!.image.id;
    const restoredDark = body.frames.find((f) => f.reason === 'dark')!.image.id;
    const removed = keptOf(body).at(-1)!;
    const id = await startWork({
      work_url: workUrl(show.id),
      size: 'thumb',
      ...everyFilter,
      keep_image_ids: [restored, restoredDark],
      drop_image_ids: [removed],
    });
    const status = await finished(id);
    expect(status.status, status.error ?? '').toBe('completed');
    const inZip = (await zipOf(id)).map((e) => Number(path.basename(e.name, '.jpg')));
    const expected = body.frames
      .map((f) => f.image.id)
      .filter(
        (frame) =>
          frame === restored ||
          frame === restoredDark ||
          (keptOf(body).includes(frame) && frame !== removed),
      );
    expect(inZip).toEqual(expected);
    expect(status.skipped_count).toBe(frames.length - expected.length);
    expect(status.skipped_reasons).toEqual({
      ...body.reasons,
      near_duplicate: body.reasons.near_duplicate - 1,
      dark: body.reasons.dark - 1,
    });
  });

  it("one user's decisions reach only their own job: another user's review and ZIP are the filter's", async () => {
    const before = await review();
    const restored = before.frames.find((f) => f.reason === 'near_duplicate')!.image.id;
    const alices = await startWork({
      work_url: workUrl(show.id),
      size: 'thumb',
      ...everyFilter,
      keep_image_ids: [restored],
    });
    await finished(alices);
    const bob = { ...t, headers: await t.userHeaders('bob-review@example.com') };
    const bobsReview = await post(
      '/api/datasets/review',
      { work_url: workUrl(show.id), size: 'thumb', ...everyFilter },
      bob,
    );
    expect(bobsReview.json()).toEqual(before);
    const bobs = await startWork(
      { work_url: workUrl(show.id), size: 'thumb', ...everyFilter },
      bob,
    );
    await finished(bobs, bob);
    const inZip = (await zipOf(bobs, bob)).map((e) => Number(path.basename(e.name, '.jpg')));
    expect(inZip).toEqual(keptOf(before));
    expect((await get(`/api/download/${alices}/status`, bob)).statusCode).toBe(404);
  });

  it('refuses overrides that keep and drop one frame, or too many, with a 400', async () => {
    const base = { work_url: workUrl(show.id), size: 'thumb' };
    const both = await post('/api/download/work', {
      ...base,
      keep_image_ids: [frames[0]!.id],
      drop_image_ids: [frames[0]!.id],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toContain('不能既保留又剔除');
    const many = await post('/api/download/work', {
      ...base,
      drop_image_ids: Array.from({ length: 50_001 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(400);
    const badScope = await post('/api/datasets/review', { ...base, near_duplicate_scope: 'all' });
    expect(badScope.statusCode).toBe(400);
  });
});
