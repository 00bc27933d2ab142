import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, showById } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import {
  freshDataDir,
  killed,
  poll,
  postgresPass,
  replica,
  start,
  stopped,
  useKillHarness,
} from './support/kill-harness';
import type { ServerProcess } from './support/server-process';
import { readZip } from './support/zip';

useKillHarness();

describe.skipIf(postgresPass)('data safety when the server is killed (SIGKILL, SQLite)', () => {
  describe('whole-work jobs', () => {
    const show = showById(KEY_IDS.bigEpisode - 2)!;
    const workUrl = () => `${replica.env().UPSTREAM_BASE_URL}/anime/showimages.php?${show.id}`;
    const status = async (server: ServerProcess, token: string, id: string) =>
      (await server.api('GET', `/api/download/${id}/status`, { token })).json<DownloadStatus>();
    const startWork = async (server: ServerProcess, token: string, body: object) => {
      const created = await server.api('POST', '/api/download/work', {
        token,
        body: { work_url: workUrl(), ...body },
      });
      expect(created.status, created.bytes.toString()).toBe(202);
      return created.json<{ download_id: string }>().download_id;
    };

    it('SIGKILL mid-job: after the restart the job finishes with every image exactly once', async () => {
      const dataDir = freshDataDir();
      const all = show.episodes.flatMap((e) => e.imageIds);
      const first = await start(dataDir);
      const token = await first.login();
      replica.setFault('ant', { type: 'slow', delayMs: 40 });
      const id = await startWork(first, token, { size: 'thumb' });
      await poll(
        () => status(first, token, id),
        (s) => s.done_count > 80,
        'the job',
        30,
      );
      await killed(first);
      replica.clearFaults();
      replica.resetCounts();

      const second = await start(dataDir);
      const done = await poll(
        () => status(second, token, id),
        (s) => s.status === 'completed',
        'the job to finish after the restart',
        60,
      );
      expect(done).toMatchObject({ done_count: all.length, failed_count: 0, episodes_done: 4 });
      const entries = await readZip(
        (await second.api('GET', `/api/download/${id}/file`, { token })).bytes,
      );
      const names = entries.map((e) => path.basename(e.name));
      expect(names).toEqual(all.map((i) => `${i}.jpg`));
      // Images fetched before the kill cost nothing after it.
      expect(replica.counts().hosts.ant).toBeLessThan(all.length - 80);
      expect(readdirSync(path.join(dataDir, 'downloads'))).toEqual([`${id}.zip`]);
      await stopped(second);
    }, 120_000);

    it('SIGTERM stops the server mid-job, and the job goes on after the next start', async () => {
      const dataDir = freshDataDir();
      const first = await start(dataDir);
      const token = await first.login();
      // Slow enough that the job would take minutes.
      replica.setFault('ancdn', { type: 'slow', delayMs: 300 });
      const episode = show.episodes[0]!;
      const id = await startWork(first, token, { size: 'small', episode_ids: [episode.id] });
      await poll(
        () => status(first, token, id),
        (s) => s.done_count > 2,
        'the job',
        30,
      );
      // It ends by itself, cleanly (bench/timings.ts prints how long a SIGTERM mid-job takes).
      await stopped(first);
      expect(first.child.exitCode).toBe(0);
      replica.clearFaults();

      const second = await start(dataDir);
      const done = await poll(
        () => status(second, token, id),
        (s) => s.status === 'completed',
        'the job to finish after the restart',
        60,
      );
      expect(done.done_count).toBe(episode.imageIds.length);
      await stopped(second);
    }, 120_000);
  });
});
