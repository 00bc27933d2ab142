import type { Infrastructure } from '../infrastructure';
import {
  ClearanceGate,
  configuredSolver,
  CredentialsStore,
  startIdentityCheck,
  type ChallengeSolver,
} from './challenge';
import { createUpstreamClient } from './client';
import { FetchLeases } from './fetch-leases';
import { createUrlBuilders } from './builders';
import { createUrlModel } from './urls';
import { databaseHostStore } from './shared-store';

/**
 * The one way to the source site: its URL model, the paced client and the challenge gate it
 * passes through. Every process on the database fetches each listing or image once, however many
 * are asked for it at once, and passes a challenge once.
 */
export function createUpstream({ config, db, logger }: Infrastructure, solver?: ChallengeSolver) {
  const settings = config.upstream;
  const leases = new FetchLeases(db.kysely);
  const urls = createUrlModel(settings);
  const challengeLogger = logger.child({ module: 'challenge' });
  const clearance = new ClearanceGate({
    store: new CredentialsStore(db.kysely),
    leases,
    solver:
      settings.challenge.solver === 'off'
        ? null
        : (solver ?? configuredSolver(settings, (url) => urls.isAllowed(url))),
    environment: settings.cookie
      ? { cookie: settings.cookie, userAgent: settings.userAgent }
      : null,
    logger: challengeLogger,
  });
  return {
    leases,
    urls,
    builders: createUrlBuilders(settings),
    clearance,
    identity: startIdentityCheck(settings, challengeLogger),
    client: createUpstreamClient(settings, {
      logger: logger.child({ module: 'upstream' }),
      // ...paces and cools down the source hosts together.
      shared: databaseHostStore(db.kysely),
      clearance,
    }),
  };
}

export type Upstream = ReturnType<typeof createUpstream>;
