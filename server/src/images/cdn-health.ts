import type { CdnStatus, ImageHostState } from '@capshelf/contract';
import type { Config } from '../config';
import type { HostStatus, UpstreamClient } from '../upstream';
import type { CdnPreferences } from './cdn';
import type { ImageHostHealth } from './host-health';
import { ImageSizes } from './sizes';

const SEVERITY: HostStatus[] = ['ok', 'degraded', 'unreachable', 'rate_limited'];

/** The image hosts' health, as the user's CDN preference sees it and as the admin sees it. */
export class CdnHealth {
  constructor(
    private readonly deps: {
      preferences: CdnPreferences;
      config: Config;
      client: UpstreamClient;
      hostHealth: ImageHostHealth;
    },
  ) {}

  /**
   * From recent answers of the CDN's hosts (no probe per call): the worst of them, a host the
   * image store learnt is down counting as unreachable; and every image host's learnt state.
   */
  async status(userId: number): Promise<CdnStatus> {
    const small = await this.deps.preferences.usesSmallCdn(userId);
    const templates = Object.values(this.deps.config.upstream.imageUrls[small ? 'small' : 'large']);
    const hosts = new Set(templates.map((t) => new URL(t.replace('{id}', '1')).host));
    const learnt = await this.imageHosts();
    const down = new Set(learnt.filter((h) => h.state === 'down').map((h) => h.host));
    const worst = [...hosts]
      .map((host) => (down.has(host) ? 'unreachable' : this.deps.client.hostStatus(host).status))
      .reduce<HostStatus>((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a), 'ok');
    const sizes = new ImageSizes(this.deps.config.upstream.imageUrls);
    return {
      current_cdn: small ? 'small' : 'large',
      use_small_cdn_only: small,
      status: worst,
      hosts: learnt,
      download_sizes: {
        anime: sizes.offered('anime'),
        tv: sizes.offered('tv'),
        movie: sizes.offered('movie'),
      },
    };
  }

  /** The image hosts as the image stores learnt them (for /cdn-status and the site-health page). */
  async imageHosts(): Promise<ImageHostState[]> {
    await this.deps.hostHealth.refresh(true);
    return this.deps.hostHealth.hosts().map((h) => ({
      host: h.host,
      sizes: h.sizes,
      state: h.state,
      down_until: h.downUntil,
      failures_in_a_row: h.failuresInARow,
      last_error: h.lastError,
      last_failure_at: h.lastFailureAt,
    }));
  }
}
