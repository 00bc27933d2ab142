import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKind, startTestApp, type TestApp } from '../helpers';

let webRoot: string;
let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'capshelf-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>capshelf</title>');
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  plain = await startTestApp({}, { webRoot });
  secure = await startTestApp({ PUBLIC_URL: 'https://capshelf.example.com' }, { webRoot });
});
afterAll(async () => {
  await plain?.close();
  await secure?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** `Content-Security-Policy` as directive → its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
}

/** The attributes of the session cookie a login sets, lowercased. */
async function loginCookie(app: TestApp): Promise<{ value: string; attributes: string[] }> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(res.statusCode).toBe(200);
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('capshelf_'));
  expect(header).toBeDefined();
  const [value, ...attributes] = header!.split(';').map((part) => part.trim());
  return { value: value!, attributes: attributes.map((a) => a.toLowerCase()) };
}

describe(`security headers (${databaseKind})`, () => {
  it('sends them on API answers, errors included', async () => {
    const token = await plain.login();
    const calls: [string, InjectOptions][] = [
      ['status', { method: 'GET', url: '/api/auth/status' }],
      ['me', { method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }],
      ['401', { method: 'GET', url: '/api/auth/me' }],
      ['404', { method: 'GET', url: '/api/no-such-route' }],
      [
        '400',
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: '{',
          headers: { 'content-type': 'application/json' },
        },
      ],
      ['public stats', { method: 'GET', url: '/api/images/cache-stats' }],
      ['broken URL', { method: 'GET', url: '/api/favorites/work/%zz' }],
    ];
    for (const [what, request] of calls) {
      const res = await plain.app.inject(request);
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      expectSecurityHeaders(res, what);
    }
  });

  it('sends them on the page, its client routes and its assets', async () => {
    for (const url of [
      '/',
      '/reset-password?token=secret-reset-token',
      '/favorites',
      '/no/such/page',
      '/assets/app-1234.js',
    ]) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
    const reset = await plain.app.inject({
      method: 'GET',
      url: '/reset-password?token=secret-reset-token',
    });
    expect(reset.body).toContain('<title>capshelf</title>');
    // The token in the address must not travel on to any other site.
    expect(reset.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe(`session cookie (${databaseKind})`, () => {
  it('is HttpOnly, SameSite=Lax and scoped to /api, not Secure over plain http', async () => {
    const { value, attributes } = await loginCookie(plain);
    expect(value).toMatch(/^capshelf_session=.{20,}$/);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/api');
    expect(attributes).not.toContain('secure');
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const { attributes } = await loginCookie(secure);
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=lax', 'path=/api', 'secure']),
    );
  });

  it('is cleared at logout with the same scope', async () => {
    const { value } = await loginCookie(secure);
    const token = value.split('=')[1]!;
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(204);
    const cleared = String(res.headers['set-cookie']).toLowerCase();
    expect(cleared).toMatch(/^capshelf_session=;/);
    expect(cleared).toContain('path=/api');
    expect(cleared).toMatch(/expires=thu, 01 jan 1970|max-age=0/);
  });
});
