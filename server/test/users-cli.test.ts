import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createServices } from '../src/services';

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function users(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await exec(
      process.execPath,
      ['--import', 'tsx', 'server/src/auth/cli.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run users', () => {
  it(
    'adds, lists, changes role and password, and disables accounts',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-cli-'));
      const added = await users(dataDir, 'add', 'Carol@Example.com', '--role', 'user');
      expect(added.code).toBe(0);
      const generated = /password: (\S+)/.exec(added.out)?.[1];
      expect(generated).toBeTruthy();

      expect((await users(dataDir, 'set-role', 'carol@example.com', 'admin')).code).toBe(0);
      expect(
        (await users(dataDir, 'set-password', 'carol@example.com', '--password', 'Chosen123')).code,
      ).toBe(0);
      expect(
        (await users(dataDir, 'set-password', 'carol@example.com', '--password', 'weak')).code,
      ).toBe(2);
      expect((await users(dataDir, 'add', 'carol@example.com')).code).toBe(2);
      expect((await users(dataDir, 'list')).out).toContain('carol@example.com');

      const services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
      try {
        await expect(
          services.auth.login('carol@example.com', 'Chosen123', '1.1.1.1'),
        ).resolves.toMatchObject({
          user: { role: 'admin' },
        });
        // The only admin cannot be disabled; with a second one, she can.
        const refused = await users(dataDir, 'disable', 'carol@example.com');
        expect(refused).toMatchObject({ code: 2, out: expect.stringContaining('管理员') });
        expect((await users(dataDir, 'add', 'dave@example.com', '--role', 'admin')).code).toBe(0);
        expect((await users(dataDir, 'disable', 'carol@example.com')).code).toBe(0);
        await expect(
          services.auth.login('carol@example.com', 'Chosen123', '1.1.1.2'),
        ).rejects.toMatchObject({ status: 401 });
      } finally {
        await services.close();
      }
    },
  );
});
