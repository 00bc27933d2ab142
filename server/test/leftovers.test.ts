// What a killed process leaves half written is cleaned up by a later start, and nothing else.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startServerProcess } from './support/server-process';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

if (databaseKind !== 'sqlite') {
  console.log(
    'leftovers: runs in the SQLite pass only (the child process opens its own SQLite file).',
  );
}

describe.runIf(databaseKind === 'sqlite')('leftovers of a killed process', () => {
  it('a start removes image files left half written an hour ago, and keeps the rest', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-leftovers-'));
    dataDirs.push(dataDir);
    const shard = path.join(dataDir, 'images', 'anime', 'thumb', '123');
    mkdirSync(shard, { recursive: true });
    const stored = path.join(shard, '5123.jpg');
    const abandoned = path.join(shard, '6123.jpg.0badf00d.tmp');
    const inProgress = path.join(shard, '7123.jpg.5eedbeef.tmp');
    for (const file of [stored, abandoned, inProgress]) writeFileSync(file, 'jpeg bytes');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(abandoned, twoHoursAgo, twoHoursAgo);
    utimesSync(stored, twoHoursAgo, twoHoursAgo);

    const server = await startServerProcess(dataDir);
    try {
      for (let i = 0; i < 100 && existsSync(abandoned); i++) await sleep(100);
      expect(existsSync(abandoned)).toBe(false);
      expect(existsSync(stored)).toBe(true);
      expect(existsSync(inProgress)).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
