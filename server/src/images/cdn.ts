import type { CdnStatus, ImageHostState } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db';
import type { HostStatus, UpstreamClient } from '../upstream';
import type { ImageHostHealth } from './host-health';

const SEVERITY: HostStatus[] = ['ok', 'degraded', 'unreachable', 'rate_limited'];

/** The per-user CDN preference (small CDN recommended, and the default) and the hosts' health. */
export class CdnPreferences {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    private readonly client: UpstreamClient,
    private readonly hostHealth: ImageHostHealth,
  ) {}

  async usesSmallCdn(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('use_small_cdn')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? row.use_small_cdn === 1 : true;
  }

  async setSmallCdn(userId: number, useSmall: boolean): Promise<void> {
    const value = useSmall ? 1 : 0;
    await this.db
      .insertInto('user_settings')
      .values({ user_id: userId, use_small_cdn: value })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ use_small_cdn: value }))
      .execute();
  }

  /**
   * From recent answers of the CDN's hosts (no probe per call): the worst of them, a host the
   * image store learnt is down counting as unreachable; and every image host's learnt state.
   */
  async status(userId: number): Promise<CdnStatus> {
    const small = await this.usesSmallCdn(userId);
    const templates = Object.values(this.config.upstream.imageUrls[small ? 'small' : 'large']);
    const hosts = new Set(templates.map((t) => new URL(t.replace('{id}', '1')).host));
    const learnt = this.imageHosts();
    const down = new Set(learnt.filter((h) => h.state === 'down').map((h) => h.host));
    const worst = [...hosts]
      .map((host) => (down.has(host) ? 'unreachable' : this.client.hostStatus(host).status))
      .reduce<HostStatus>((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a), 'ok');
    return {
      current_cdn: small ? 'small' : 'large',
      use_small_cdn_only: small,
      status: worst,
      hosts: learnt,
    };
  }

  /** The image hosts as the image store learnt them (for /cdn-status and the site-health page). */
  imageHosts(): ImageHostState[] {
    return this.hostHealth.hosts().map((h) => ({
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
