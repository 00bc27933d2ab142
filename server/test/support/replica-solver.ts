import { setTimeout as sleep } from 'node:timers/promises';
import { clearanceFromPage } from '@capshelf/replica';
import type { ChallengeSolver } from '../../src/upstream/challenge';
import { SolveFailure } from '../../src/upstream/challenge';

/** Any browser's User-Agent: the replica binds its clearance to whichever one solved. */
export const SOLVER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36';

/**
 * Stands in for the browser where a test is about the paced client and the shared solve rather
 * than Chromium itself (that one has its own test): does what the replica's challenge script
 * would, checks the clearance passes, and counts its solves.
 */
export function replicaSolver(options: { delayMs?: number } = {}) {
  const state = { solves: 0 };
  const solver: ChallengeSolver = {
    async solve(url) {
      state.solves += 1;
      const page = await fetch(url, { headers: { 'user-agent': SOLVER_UA } });
      // Not challenged (any more): a browser holds no clearance and needs none.
      if (page.status !== 403) return { cookie: '', userAgent: SOLVER_UA };
      const cookie = clearanceFromPage(await page.text(), SOLVER_UA);
      if (!cookie) throw new SolveFailure('failed', 'no challenge nonce on the page');
      await sleep(options.delayMs ?? 0);
      const again = await fetch(url, { headers: { 'user-agent': SOLVER_UA, cookie } });
      if (again.status === 403) throw new SolveFailure('timeout', 'the challenge stayed');
      return { cookie, userAgent: SOLVER_UA };
    },
  };
  return Object.assign(state, { solver });
}
