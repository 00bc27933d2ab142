import { startReplica, type Replica } from '@capshelf/replica';
import { startTestApp, type TestApp } from '../helpers';

/** Fast pacing for tests; the pacing itself is proven in the upstream client's own tests. */
export const FAST_PACING = {
  UPSTREAM_PAGE_SPACING: '5ms',
  UPSTREAM_THUMB_SPACING: '0ms',
  UPSTREAM_FULL_SPACING: '0ms',
  UPSTREAM_JITTER: '0ms',
  UPSTREAM_TIMEOUT: '3s',
  UPSTREAM_RETRIES: '1',
};

export interface BrowseApp extends TestApp {
  replica: Replica;
  headers: { authorization: string };
  /** Upstream requests the replica received (all hosts) since the last reset. */
  upstreamRequests(): number;
}

/** The app pointed at a fresh replica, with a signed-in user; `env` may be made from the replica's. */
export async function startBrowseApp(
  env:
    Record<string, string> | ((replicaEnv: Record<string, string>) => Record<string, string>) = {},
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<BrowseApp> {
  const replica = await startReplica();
  // Request counts are exact: background thumbnail prefetch is off unless a test turns it on.
  const app = await startTestApp(
    {
      ...replica.env(),
      ...FAST_PACING,
      THUMBNAIL_PREFETCH: 'false',
      ...(typeof env === 'function' ? env(replica.env()) : env),
    },
    options,
  );
  const headers = await app.userHeaders('browser@example.com');
  return {
    ...app,
    replica,
    headers,
    upstreamRequests: () => replica.counts().total,
    async close() {
      await app.close();
      await replica.close();
    },
  };
}
