// 立即验证: says at once when the site needs no check, and concurrent calls share one solve.
import type { ChallengeSolver } from '../src/upstream/challenge';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../src/http/app';
import { createServices } from '../src/services';
import { ADMIN, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { replicaSolver } from './support/replica-solver';

let t: BrowseApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The replica's solver, counting how many solves run at once. */
function overlapCounting() {
  const inner = replicaSolver({ delayMs: 400 });
  const state = { running: 0, most: 0 };
  const solver: ChallengeSolver = {
    async solve(url) {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      try {
        return await inner.solver.solve(url);
      } finally {
        state.running -= 1;
      }
    },
  };
  return Object.assign(state, { solver, solves: () => inner.solves });
}

async function verify(app: BrowseApp) {
  const headers = { authorization: `Bearer ${await app.login(ADMIN.email, ADMIN.password)}` };
  return () => app.app.inject({ method: 'POST', url: '/api/admin/site-health/verify', headers });
}

describe(`立即验证 (${databaseKind})`, () => {
  it('answers that no check is needed when the site is not challenging, without a browser', async () => {
    const solving = overlapCounting();
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'auto' }, { solver: solving.solver });
    const res = await (await verify(t))();
    expect(res.statusCode).toBe(200);
    expect(res.json().check).toEqual({ ok: true, reason: null, message: '站点可以访问，无需验证' });
    expect(solving.solves()).toBe(0);
    // Nothing marks the site as challenged.
    expect(res.json().health.clearance.challenge_reason).toBeNull();
    expect(res.json().health.hosts[0].state).toBe('ok');
  });

  it('runs one solve for five concurrent calls, and each gets its result', async () => {
    const solving = overlapCounting();
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'auto' }, { solver: solving.solver });
    t.replica.setFault('pages', { type: 'js-challenge' });
    const call = await verify(t);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call()));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().check.ok).toBe(true);
    }
    expect(solving.solves()).toBe(1);
    expect(solving.most).toBe(1);
  });

  it('has two processes on one database run one solve for their concurrent calls', async () => {
    const solving = overlapCounting();
    t = await startBrowseApp({ UPSTREAM_CHALLENGE_SOLVER: 'auto' }, { solver: solving.solver });
    const other = await createServices(t.services.config, { solver: solving.solver });
    const otherApp = await buildHttpApp(other, { webRoot: t.dataDir });
    try {
      t.replica.setFault('pages', { type: 'js-challenge' });
      const headers = { authorization: `Bearer ${await t.login(ADMIN.email, ADMIN.password)}` };
      const call = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/admin/site-health/verify', headers });
      const answers = await Promise.all([t.app, otherApp, t.app, otherApp].map(call));
      for (const res of answers) expect(res.json().check.ok).toBe(true);
      expect(solving.solves()).toBe(1);
      expect(solving.most).toBe(1);
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});
