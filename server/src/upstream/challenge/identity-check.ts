import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  identityDifferences,
  identityPresented,
  type BrowserIdentity,
  type PresentedIdentity,
} from '../transport/identity';
import { presentedBy } from '../transport/probe';
import type { Transport } from '../transport/types';

/** The pair as the site-health page shows it. */
export interface IdentityReport {
  /** What the transport sends (probed on the loopback); null when the probe failed. */
  transport: PresentedIdentity | null;
  /** What the solver's Chromium is told to present (CDP override). */
  solver: PresentedIdentity;
  /** The installed Chromium's own version line, e.g. "Chromium 156.0.8078.108"; null: none. */
  engine: string | null;
  /** Fields in which the two differ; a clearance earned by one is then refused to the other. */
  differences: (keyof PresentedIdentity)[];
}

interface Warner {
  warn(details: object, message: string): void;
}

/** The installed Chromium's version line, without starting a browser. */
async function engineVersion(executablePath: string): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)(executablePath, ['--version'], { timeout: 5000 });
    return /Chromium [\d.]+/.exec(stdout)?.[0] ?? (stdout.trim() || null);
  } catch {
    return null;
  }
}

/**
 * Checks once at start-up that the transport and the solver present the same browser (either
 * side may move: a new impit profile, a Debian Chromium update, UPSTREAM_TRANSPORT=node), logs a
 * warning when they do not, and keeps the result for the site-health page.
 */
export function checkIdentity(options: {
  transport: Transport;
  solverIdentity: BrowserIdentity;
  executablePath: string;
  logger?: Warner;
}): Promise<IdentityReport> {
  const solver = identityPresented(options.solverIdentity);
  return Promise.all([
    presentedBy(options.transport).catch(() => null),
    engineVersion(options.executablePath),
  ]).then(([transport, engine]) => {
    const differences = transport ? identityDifferences(transport, solver) : [];
    if (differences.length > 0) {
      options.logger?.warn(
        { transport, solver, differences },
        'the transport and the challenge solver present different browsers; a clearance will not carry over',
      );
    }
    return { transport, solver, engine, differences };
  });
}
