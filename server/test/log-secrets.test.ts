import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { ADMIN, databaseKind, startTestApp, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

describe(`secrets in logs (${databaseKind})`, () => {
  it('at debug level, logs neither reset links, tokens, cookies nor passwords; says where the mail is', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await startTestApp(
      { LOG_LEVEL: 'debug' },
      { logger: createLogger('debug', sink), outbox: true },
    );
    const app = t.app;

    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const token = login.json<{ access_token: string }>().access_token;
    await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}`, cookie: `capshelf_session=${token}` },
    });
    // A personal feed's address is its secret too.
    const feed = await app.inject({
      method: 'POST',
      url: '/api/auth/feed',
      headers: { authorization: `Bearer ${token}` },
    });
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    await app.inject({ method: 'GET', url: feedPath });
    const feedToken = /\/feeds\/([^/]+)\.atom$/.exec(feedPath)![1]!;

    await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: ADMIN });
    await t.services.background.idle();
    const outbox = path.join(t.dataDir, 'outbox');
    const [mail] = readdirSync(outbox);
    const eml = readFileSync(path.join(outbox, mail!), 'utf8').replace(/=\r?\n/g, '');
    const resetToken = /token=3D([\w-]+)|token=([\w-]+)/.exec(eml)!.slice(1).find(Boolean)!;
    expect(resetToken.length).toBeGreaterThan(20);
    // The page a reset link opens, and a confirmation: both carry the token.
    await app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/confirm?token=${resetToken}`,
      payload: { token: resetToken, new_password: 'Reset1234' },
    });

    const log = lines.join('');
    expect(log).toContain('incoming request'); // debug logging was really on
    expect(log).toContain(path.join(outbox, mail!)); // the log says where the mail is
    expect(log).toContain('/feeds/[redacted].atom');
    for (const secret of [token, resetToken, feedToken, ADMIN.password, 'Reset1234']) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('reset-password?token=[redacted]');
    expect(log).not.toMatch(/token=(?!\[redacted\])/);
    expect(log).not.toMatch(/capshelf_session=/);
  });
});
