// What a newcomer's first commands show (review D11, D13): npm prints no warning from the
// project's own configuration, and `npm run demo` leaves a demo admin that is already right alone.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, ensureDemoAdmin } from '../../scripts/lib/demo-admin.mjs';
import { bearer, databaseKind, startTestApp } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');

describe('npm in this repository', () => {
  it('prints no warning: `npm run users -- list` says only what it lists', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-npm-quiet-'));
    try {
      const run = spawnSync('npm', ['run', 'users', '--', 'list'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? os.tmpdir(),
          DATA_DIR: dataDir,
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/npm warn/i);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The audit log's actions, read as an admin's 审计日志 page lists them. */
function auditActions(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'capshelf.db'), { readonly: true });
  try {
    return db
      .prepare('SELECT action FROM audit_log ORDER BY id')
      .all()
      .map((row) => (row as { action: string }).action);
  } finally {
    db.close();
  }
}

/** A demo data directory whose admin the server's first start made, as `npm run demo` does. */
const demoApp = () =>
  startTestApp({ ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: DEMO_ADMIN.password });

// The demo runs on its own SQLite file.
describe.skipIf(databaseKind === 'postgres')("the demo's admin check at each start", () => {
  it('changes nothing when the admin is right: no command run, no audit entry, sessions kept', async () => {
    const app = await demoApp();
    try {
      const token = await app.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
      const before = auditActions(app.dataDir);
      expect(await ensureDemoAdmin({ PATH: process.env.PATH, DATA_DIR: app.dataDir })).toEqual([]);
      expect(await ensureDemoAdmin({ PATH: process.env.PATH, DATA_DIR: app.dataDir })).toEqual([]);
      expect(auditActions(app.dataDir)).toEqual(before);
      // A signed-in tab stays signed in (a password reset would have ended its session).
      const me = await app.app.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('puts back what an earlier run changed, and records just that in the audit log', async () => {
    const app = await demoApp();
    try {
      const db = new Database(path.join(app.dataDir, 'capshelf.db'));
      db.prepare('UPDATE users SET disabled = 1, password_hash = ? WHERE email = ?').run(
        await hash('SomethingElse1'),
        DEMO_ADMIN.email,
      );
      db.close();
      const before = auditActions(app.dataDir);
      const ran = await ensureDemoAdmin({ PATH: process.env.PATH, DATA_DIR: app.dataDir });
      expect(ran.map((args) => args[0])).toEqual(['set-password', 'enable']);
      expect(auditActions(app.dataDir).slice(before.length)).toHaveLength(2);
      // The printed login works again.
      await app.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    } finally {
      await app.close();
    }
  }, 60_000);
});
