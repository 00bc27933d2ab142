import type { ImageHostState } from '@capshelf/contract';
import type { Infrastructure } from '../infrastructure';
import type { Upstream } from '../upstream';
import { chromiumInstalled } from '../upstream/challenge';
import type { CacheMeter } from './cache-meter';
import { SiteHealthService } from './service';

/** The admin's view of the source hosts, the clearance and the cache hit rates. */
export function createSiteHealth(
  { config }: Infrastructure,
  deps: {
    upstream: Upstream;
    meter: CacheMeter;
    /** What the image store learnt of each image host. */
    imageHosts: () => Promise<ImageHostState[]>;
  },
) {
  return new SiteHealthService({
    config,
    client: deps.upstream.client,
    gate: deps.upstream.clearance,
    meter: deps.meter,
    browserInstalled: () => chromiumInstalled(),
    imageHosts: deps.imageHosts,
    identity: deps.upstream.identity,
  });
}
