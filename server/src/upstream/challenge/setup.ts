import type { UpstreamConfig } from '../../config';
import { createTransport, readExtraCa } from '../transport';
import { CHROME_IDENTITY } from '../transport/identity';
import { sweepProfiles } from './browser-process';
import { CHROMIUM_PATH, chromiumSolver } from './chromium';
import { checkIdentity, type IdentityReport } from './identity-check';
import type { ChallengeSolver } from './solver';

/**
 * The Chromium solver as configured: kept to the source's hosts, trusting UPSTREAM_CA_FILE for the
 * challenged source host's key alone.
 */
export function configuredSolver(
  config: UpstreamConfig,
  isSourceHost: (url: URL) => boolean,
): ChallengeSolver {
  // Profiles a killed server left behind go at the next start.
  void sweepProfiles().catch(() => undefined);
  return chromiumSolver({
    timeoutMs: config.challenge.timeoutMs,
    isSourceHost,
    extraCa: config.caFile ? readExtraCa(config.caFile) : undefined,
  });
}

/** Checked once, in the background at start-up: the transport's browser and the solver's are one. */
export function startIdentityCheck(
  config: UpstreamConfig,
  logger: { warn(details: object, message: string): void },
): Promise<IdentityReport> {
  const transport = createTransport(config);
  return checkIdentity({
    transport,
    solverIdentity: CHROME_IDENTITY,
    executablePath: CHROMIUM_PATH,
    logger,
  }).finally(() => transport.close());
}
