import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { holdWriteLock } from '../../test/support/sqlite-lock';
import { connectDb } from './connect';
import { migrateToLatest } from './migrate';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const row = (key: string) => ({ key, payload: '{}', fetched_at: 'x', expires_at: 'x' });

describe('SQLite shared by several processes', () => {
  it('lets a transaction that read first still write after another process wanted to', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-sqlite-'));
    const sqlitePath = path.join(dir, 'capshelf.db');
    const db = connectDb({ sqlitePath });
    await migrateToLatest(db);
    // Another process on the same file that writes one row when told to.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(${JSON.stringify(sqlitePath)});
         db.pragma('busy_timeout = 5000');
         process.stdin.once('data', () => {
           db.prepare("INSERT INTO listings VALUES ('other', '{}', 'x', 'x')").run();
           process.stdout.write('written');
         });`,
      ],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const written = once(other.stdout!, 'data');
    try {
      await db.kysely.transaction().execute(async (trx) => {
        await trx.selectFrom('listings').selectAll().execute();
        other.stdin!.write('go\n');
        // Either the other process writes now (and this transaction's write must not fail for
        // it), or it waits for this transaction to finish.
        await Promise.race([written, sleep(500)]);
        await trx.insertInto('listings').values(row('ours')).execute();
      });
      await written;
      const keys = await db.kysely.selectFrom('listings').select('key').orderBy('key').execute();
      expect(keys.map((k) => k.key)).toEqual(['other', 'ours']);
    } finally {
      other.kill();
      await db.close();
    }
  });

  it('keeps answering reads while another process holds the write lock; the write goes on after', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-sqlite-'));
    const sqlitePath = path.join(dir, 'capshelf.db');
    const db = connectDb({ sqlitePath });
    await migrateToLatest(db);
    await db.kysely.insertInto('listings').values(row('before')).execute();
    const lock = await holdWriteLock(sqlitePath);
    try {
      let written = false;
      const write = db.kysely
        .insertInto('listings')
        .values(row('while-locked'))
        .execute()
        .then(() => (written = true));
      // Reads keep being answered while the write waits for the lock (a synchronous busy wait
      // would hold the whole process, these reads included, until it gave up).
      for (let i = 0; i < 3; i++) {
        const keys = await db.kysely.selectFrom('listings').select('key').execute();
        expect(keys.map((k) => k.key)).toEqual(['before']);
        await sleep(50);
      }
      expect(written).toBe(false);
      await lock.release();
      await write;
      const keys = await db.kysely.selectFrom('listings').select('key').orderBy('key').execute();
      expect(keys.map((k) => k.key)).toEqual(['before', 'while-locked']);
    } finally {
      await lock.release();
      await db.close();
    }
  });
});

describe('a full SQLite database', () => {
  it('fails a transaction with SQLITE_FULL (a 507), not the rollback SQLite already did', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-sqlite-'));
    const db = connectDb({ sqlitePath: path.join(dir, 'capshelf.db') });
    await migrateToLatest(db);
    const { kysely } = db;
    const pages = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(kysely)).rows[0]!;
    await sql.raw(`PRAGMA max_page_count = ${pages.page_count + 4}`).execute(kysely);
    const big = 'x'.repeat(64 * 1024);
    const writing = kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 10; i++)
        await trx
          .insertInto('listings')
          .values({ ...row(`big-${i}`), payload: big })
          .execute();
    });
    await expect(writing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    // Nothing of it stays, and the connection takes the next transaction.
    const left = await kysely.selectFrom('listings').select('key').execute();
    expect(left).toEqual([]);
    await kysely
      .transaction()
      .execute((trx) => trx.insertInto('listings').values(row('small')).execute());
    await db.close();
  });
});
