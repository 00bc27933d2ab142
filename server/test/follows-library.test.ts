import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DownloadStatus } from '@capshelf/contract';
import { addEpisode, KEY_IDS } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { HOUR, startFollowsApp } from './support/follows';
import { finished, startWork } from './support/work-jobs';

const library = mkdtempSync(path.join(os.tmpdir(), 'capshelf-follow-library-'));
let f: Awaited<ReturnType<typeof startFollowsApp>>;
beforeAll(async () => {
  f = await startFollowsApp({ LIBRARY_DIR: library });
});
afterAll(async () => {
  await f.t.close();
  rmSync(library, { recursive: true, force: true });
});

describe(`a follow's 自动下载 into the library folder (${databaseKind})`, () => {
  it("writes a new episode into the follower's folder when their latest job went there", async () => {
    const app = { ...f.t, headers: f.alice };
    const movie = { type: 'movie', kind: 'movie', id: KEY_IDS.onePageMovie } as const;
    const work_url = f.t.services.builders.workUrl(movie);
    const last = await startWork({ work_url, size: 'thumb', destination: 'library' }, app);
    expect(await finished(last, app)).toMatchObject({ status: 'completed' });
    await f.follow(f.alice, f.showUrl(KEY_IDS.tvSeason1, 'tv'), 'download');
    const added = addEpisode(KEY_IDS.tvSeason1, 3)!;
    f.advance(HOUR + 1);
    await f.t.services.followChecker.checkDue();

    const tasks = (
      await f.t.app.inject({ method: 'GET', url: '/api/download', headers: f.alice })
    ).json<{ downloads: DownloadStatus[] }>().downloads;
    const auto = tasks.find((task) => task.download_id !== last)!;
    const done = await finished(auto.download_id, app);
    expect(done).toMatchObject({ status: 'completed', destination: 'library', done_count: 3 });
    // Kept in alice's folder as <work>/<episode>/<id>.jpg, with the episode's metadata.
    const episodeDir = path.join(library, 'follow-alice', done.library_path!);
    const files = readdirSync(episodeDir, { recursive: true }) as string[];
    expect(
      files
        .filter((n) => n.endsWith('.jpg'))
        .map((n) => path.basename(n))
        .sort(),
    ).toEqual(added.imageIds.map((id) => `${id}.jpg`).sort());
    expect(files.some((n) => n.endsWith('metadata.jsonl'))).toBe(true);
    // bob has nothing there.
    expect(readdirSync(library)).toEqual(['follow-alice']);
  });
});
