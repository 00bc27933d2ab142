// Issue 22: while another process holds the SQLite write lock, the server keeps answering.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, bearer, startTestApp, type TestApp } from './helpers';
import { holdWriteLock } from './support/sqlite-lock';

let t: TestApp;
afterEach(() => t?.close());

describe('SQLite held by another process', () => {
  it('answers a read while a login waits for the write lock, and the login goes through after', async () => {
    // SQLite whatever the pass: the lock is SQLite's.
    t = await startTestApp({ DATABASE_URL: '' });
    const admin = bearer(await t.login());
    const lock = await holdWriteLock(t.services.config.sqlitePath);
    try {
      let loggedIn: number | null = null;
      const login = t.app
        .inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: ADMIN.email, password: ADMIN.password },
        })
        .then((res) => (loggedIn = res.statusCode));
      // The login counts its attempt first, a write: it meets the lock (given a moment to get
      // there) and waits for it without holding the process, so reads are answered meanwhile.
      await sleep(250);
      for (let i = 0; i < 3; i++) {
        const users = await t.app.inject({ url: '/api/admin/users', headers: admin });
        expect(users.statusCode).toBe(200);
        expect(users.json().users).toHaveLength(1);
      }
      expect(loggedIn).toBeNull();
      await lock.release();
      await login;
      expect(loggedIn).toBe(200);
    } finally {
      await lock.release().catch(() => {});
    }
  });
});
