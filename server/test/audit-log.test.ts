// Issue 22: every admin action lands in the audit log, which only admins read, a page at a time.
import type { AuditEntry, AuditPage } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN, bearer, databaseKind } from './helpers';
import { get, post, t, useFreshApp } from './support/auth-app';

useFreshApp();

const call = (method: 'PATCH' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

const auditPage = async (headers: Record<string, string>, query = '') => {
  const res = await get(`/api/admin/audit${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json<AuditPage>();
};

/** The entries without ids and times, oldest first, as a reader of the page takes them in. */
const summary = (entries: AuditEntry[]) =>
  entries
    .map(({ actor, source, action, target, detail }) => ({
      actor: actor?.email ?? null,
      source,
      action,
      target,
      detail,
    }))
    .reverse();

describe(`audit log (${databaseKind})`, () => {
  it('records each admin action with who did it, on whom, and no secret', async () => {
    const admin = bearer(await t.login());
    const created = await post(
      '/api/admin/users',
      { email: 'Bob@Example.com', password: 'BobPass1234' },
      admin,
    );
    const bob = created.json().user.id as number;
    await call('PATCH', `/api/admin/users/${bob}`, admin, { role: 'admin' });
    await call('PATCH', `/api/admin/users/${bob}`, admin, { status: 'disabled' });
    await call('PATCH', `/api/admin/users/${bob}`, admin, { status: 'active', role: 'user' });
    await post(`/api/admin/users/${bob}/password`, { current_password: ADMIN.password }, admin);
    await post(
      `/api/admin/users/${bob}/password`,
      { current_password: ADMIN.password, password: 'Chosen12345' },
      admin,
    );
    await call('PUT', '/api/admin/site-health/clearance', admin, {
      cookie: 'cf_clearance=secret-value-never-logged',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0',
    });
    await call('DELETE', '/api/admin/site-health/clearance', admin);
    // A change that changes nothing leaves no row.
    await call('PATCH', `/api/admin/users/${bob}`, admin, { role: 'user' });

    const page = await auditPage(admin);
    const by = { actor: ADMIN.email, source: 'web' };
    expect(summary(page.entries)).toEqual([
      { ...by, action: 'user.create', target: 'bob@example.com', detail: { role: 'user' } },
      {
        ...by,
        action: 'user.role',
        target: 'bob@example.com',
        detail: { from: 'user', to: 'admin' },
      },
      { ...by, action: 'user.disable', target: 'bob@example.com', detail: {} },
      {
        ...by,
        action: 'user.role',
        target: 'bob@example.com',
        detail: { from: 'admin', to: 'user' },
      },
      { ...by, action: 'user.enable', target: 'bob@example.com', detail: {} },
      {
        ...by,
        action: 'user.password_reset',
        target: 'bob@example.com',
        detail: { generated: true },
      },
      {
        ...by,
        action: 'user.password_reset',
        target: 'bob@example.com',
        detail: { generated: false },
      },
      { ...by, action: 'clearance.paste', target: 'source-site clearance', detail: {} },
      { ...by, action: 'clearance.clear', target: 'source-site clearance', detail: {} },
    ]);
    expect(page.next_before).toBeNull();
    const text = JSON.stringify(page);
    for (const secret of [
      'secret-value',
      'Chosen12345',
      'BobPass1234',
      created.json().generated_password,
    ])
      if (secret) expect(text).not.toContain(secret);
  });

  it('records a command-line change without an actor, and a refused change not at all', async () => {
    const admin = bearer(await t.login());
    const row = await t.services.userAdmin.findByEmail(ADMIN.email);
    // `npm run users -- set-role` goes through the same service with no acting admin.
    await expect(t.services.userAdmin.update(row.id, { role: 'user' })).rejects.toThrow();
    await t.services.userAdmin.add({
      email: 'cli@example.com',
      role: 'user',
      password: 'CliPass1234',
    });
    expect(summary((await auditPage(admin)).entries)).toEqual([
      {
        actor: null,
        source: 'cli',
        action: 'user.create',
        target: 'cli@example.com',
        detail: { role: 'user' },
      },
    ]);
  });

  it('writes the row in the change itself: when the row cannot be written, the change does not happen', async () => {
    const admin = await t.services.userAdmin.findByEmail(ADMIN.email);
    const bob = await t.services.userAdmin.add({ email: 'bob@example.com', role: 'user' });
    const before = await t.services.userAdmin.find(bob.user.id);
    await t.services.db.kysely.schema.dropTable('audit_log').execute();
    await expect(
      t.services.userAdmin.update(bob.user.id, { role: 'admin' }, admin.id),
    ).rejects.toThrow();
    await expect(
      t.services.userAdmin.resetPassword(bob.user.id, 'Other12345', admin.id),
    ).rejects.toThrow();
    expect(await t.services.userAdmin.find(bob.user.id)).toEqual(before);
    // The same for a pasted clearance: not stored without its row.
    const { siteHealth, audit } = t.services;
    const paste = { cookie: 'cf_clearance=never-stored', user_agent: 'Mozilla/5.0 Chrome/156' };
    await expect(
      siteHealth.paste(paste, (trx) =>
        audit.recordIn(trx, {
          actorId: admin.id,
          source: 'web',
          action: 'clearance.paste',
          target: 'source-site clearance',
        }),
      ),
    ).rejects.toThrow();
    expect((await siteHealth.view()).clearance).toMatchObject({
      source: null,
      cookie_masked: null,
    });
    expect(
      (await post('/api/auth/login', { email: 'bob@example.com', password: 'Other12345' }))
        .statusCode,
    ).toBe(401);
  });

  it('pages from newest to oldest without repeating or skipping an entry', async () => {
    const admin = bearer(await t.login());
    for (let i = 0; i < 5; i++)
      await t.services.audit.record({
        actorId: null,
        source: 'system',
        action: 'cache.evict',
        target: `episode ${i}`,
        detail: { files: i },
      });
    const first = await auditPage(admin, '?limit=2');
    const second = await auditPage(admin, `?limit=2&before=${first.next_before}`);
    const third = await auditPage(admin, `?limit=2&before=${second.next_before}`);
    const targets = [first, second, third].flatMap((p) => p.entries.map((e) => e.target));
    expect(targets).toEqual(['episode 4', 'episode 3', 'episode 2', 'episode 1', 'episode 0']);
    expect(third.next_before).toBeNull();
    expect(first.entries[0]).toMatchObject({ actor: null, source: 'system', detail: { files: 4 } });
  });

  it('is for admins only: a user gets 403 and an anonymous caller 401', async () => {
    const user = await t.userHeaders('plain@example.com');
    expect((await get('/api/admin/audit', user)).statusCode).toBe(403);
    expect((await get('/api/admin/audit')).statusCode).toBe(401);
    const bad = await get('/api/admin/audit?limit=0', bearer(await t.login()));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});
