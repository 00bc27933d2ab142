import { validationMessages } from '@capshelf/contract';
import { KEY_IDS, showById } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { ownUrl } from './support/downloads';
import { finished, get, post, startWork, t, useWorkJobsApp, workUrl } from './support/work-jobs';
import { expectContractError } from './hardening/checks';

useWorkJobsApp();

const show = showById(KEY_IDS.datasetShow)!;
const BAD: [string, object, string][] = [
  ['an unknown filter', { quality_filters: ['noisy'] }, validationMessages.qualityFilterInvalid],
  [
    'a filter twice',
    { quality_filters: ['dark', 'dark'] },
    validationMessages.qualityFilterRepeated,
  ],
  [
    'an unknown scope',
    { near_duplicate_scope: 'season' },
    validationMessages.nearDuplicateScopeInvalid,
  ],
  ['a threshold above 64', { near_duplicate_threshold: 65 }, validationMessages.thresholdRange],
  ['a threshold below 0', { near_duplicate_threshold: -1 }, validationMessages.thresholdRange],
];

describe(`dataset options, refused (${databaseKind})`, () => {
  it.each(BAD)('a whole-work download with %s gets a 400 saying so', async (_, bad, message) => {
    const res = await post('/api/download/work', {
      work_url: workUrl(show.id),
      size: 'thumb',
      skip_near_duplicates: true,
      ...bad,
    });
    expectContractError(res, 400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it.each([
    ['an unknown layout', { export: 'coco' }, validationMessages.exportLayoutInvalid],
    ['repeats below 1', { export: 'kohya', kohya_repeats: 0 }, validationMessages.repeatsRange],
    ['repeats not whole', { export: 'kohya', kohya_repeats: 1.5 }, validationMessages.repeatsRange],
  ] as const)('a whole-work download with %s gets a 400 saying so', async (_, bad, message) => {
    const res = await post('/api/download/work', {
      work_url: workUrl(show.id),
      size: 'thumb',
      ...bad,
    });
    expectContractError(res, 400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it.each(BAD)('a selection download with %s gets a 400 saying so', async (_, bad, message) => {
    const res = await post('/api/download', {
      image_urls: [ownUrl(show.episodes[0]!.imageIds[0]!)],
      ...bad,
    });
    expectContractError(res, 400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('a refused request leaves no task behind', async () => {
    const before = (await get('/api/download')).json().downloads.length;
    await post('/api/download/work', {
      work_url: workUrl(show.id),
      size: 'thumb',
      quality_filters: ['x'],
    });
    expect((await get('/api/download')).json().downloads).toHaveLength(before);
  });

  it("a task's filter and its counts are its owner's alone", async () => {
    const other = { ...t, headers: await t.userHeaders('dataset-other@example.com') };
    const body = { work_url: workUrl(show.id), size: 'thumb', quality_filters: ['dark'] };
    const mine = await startWork({ ...body, skip_near_duplicates: true });
    const theirs = await startWork(body, other);
    expect((await get(`/api/download/${mine}/status`, other)).statusCode).toBe(404);
    const [a, b] = [await finished(mine), await finished(theirs, other)];
    // The same work, each with the decision it asked for (blank cards repeat without their filter).
    expect(a.skipped_reasons).toMatchObject({ dark: 3, near_duplicate: 17 });
    expect(b.skipped_reasons).toMatchObject({ dark: 3, near_duplicate: 0 });
    const listed = (await get('/api/download', other)).json().downloads as {
      download_id: string;
    }[];
    expect(listed.map((task) => task.download_id)).toEqual([theirs]);
  });
});
