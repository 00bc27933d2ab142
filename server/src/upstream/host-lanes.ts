import type { ClientContext } from './client-context';
import { hostPace } from './hosts';
import { HostLane, type LanePacing } from './lane';

/** Each host's lane, made on its first request. */
export class HostLanes {
  readonly #lanes = new Map<string, HostLane>();

  constructor(private readonly context: ClientContext) {}

  /** Pages, thumbnails and full-size images each keep their own pace (per host). */
  pacingOf(host: string): Omit<LanePacing, 'jitterMs'> {
    const { config } = this.context;
    return config[hostPace(host, config)];
  }

  laneFor(host: string): HostLane {
    let lane = this.#lanes.get(host);
    if (!lane) {
      const { config, now, random, shared } = this.context;
      const pacing = this.pacingOf(host);
      lane = new HostLane(
        // Jitter never exceeds the host's own spacing: the 500 ms meant for page requests would
        // otherwise triple the gap between image requests and make a first grid trickle in.
        { ...pacing, jitterMs: Math.min(config.jitterMs, pacing.spacingMs) },
        now,
        random,
        shared && ((gapMs) => shared.reserve(host, gapMs)),
      );
      this.#lanes.set(host, lane);
    }
    return lane;
  }

  /** Drops every request still waiting for its turn. */
  clear(): void {
    for (const lane of this.#lanes.values()) lane.clear();
  }
}
