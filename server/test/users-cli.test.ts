import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createServices } from '../src/services';
import { createPostgresDatabase, databaseKind } from './helpers';

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** The CLI's data directory and, in the Postgres pass, a database of its own. */
let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | null;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'capshelf-cli-'));
  postgres = databaseKind === 'postgres' ? await createPostgresDatabase() : null;
});
afterEach(async () => {
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function users(...args: string[]) {
  try {
    const { stdout } = await exec(
      process.execPath,
      ['--import', 'tsx', 'server/src/auth/cli.ts', ...args],
      {
        cwd: root,
        // Not a developer's DATABASE_URL: this test's own database, or SQLite in dataDir.
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '' },
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe(`npm run users (${databaseKind})`, () => {
  it(
    'adds, lists, changes role and password, and disables accounts',
    { timeout: 180_000 },
    async () => {
      const added = await users('add', 'Carol@Example.com', '--role', 'user');
      expect(added.code).toBe(0);
      const generated = /password: (\S+)/.exec(added.out)?.[1];
      expect(generated).toBeTruthy();

      expect((await users('set-role', 'carol@example.com', 'admin')).code).toBe(0);
      expect(
        (await users('set-password', 'carol@example.com', '--password', 'Chosen123')).code,
      ).toBe(0);
      expect((await users('set-password', 'carol@example.com', '--password', 'weak')).code).toBe(2);
      expect((await users('add', 'carol@example.com')).code).toBe(2);
      expect((await users('list')).out).toContain('carol@example.com');

      const services = await createServices(
        loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        }),
      );
      try {
        await expect(
          services.auth.login('carol@example.com', 'Chosen123', '1.1.1.1'),
        ).resolves.toMatchObject({
          user: { role: 'admin' },
        });
        // The only admin cannot be disabled; with a second one, she can.
        const refused = await users('disable', 'carol@example.com');
        expect(refused).toMatchObject({
          code: 2,
          out: expect.stringContaining('至少需要保留一个启用的管理员账号'),
        });
        expect((await users('add', 'dave@example.com', '--role', 'admin')).code).toBe(0);
        expect((await users('disable', 'carol@example.com')).code).toBe(0);
        await expect(
          services.auth.login('carol@example.com', 'Chosen123', '1.1.1.2'),
        ).rejects.toMatchObject({ status: 401 });
      } finally {
        await services.close();
      }
    },
  );
});
