import { HOST_NAMES, type HostName } from './hosts';

/** One request as the replica received it. */
export interface RequestRecord {
  host: HostName;
  target: string;
  /** Arrival time in ms since the epoch (sub-millisecond), so tests can measure pacing. */
  at: number;
}

export interface RequestCounts {
  total: number;
  hosts: Record<HostName, number>;
  /** Per host, per request target (path + query exactly as sent). */
  targets: Record<HostName, Record<string, number>>;
  /** The latest requests in arrival order (at most MAX_LOGGED). */
  requests: RequestRecord[];
  /** JavaScript challenge pages served (the js-challenge fault). */
  challenges: number;
}

/** Keeps a long-running replica's memory bounded; tests reset long before this. */
const MAX_LOGGED = 10_000;

/** Counts upstream requests so tests can assert what an action cost. */
export class RequestCounter {
  private counts = emptyCounts();

  record(host: HostName, target: string): void {
    this.counts.total += 1;
    this.counts.hosts[host] += 1;
    const targets = this.counts.targets[host];
    targets[target] = (targets[target] ?? 0) + 1;
    const requests = this.counts.requests;
    requests.push({ host, target, at: performance.timeOrigin + performance.now() });
    if (requests.length > MAX_LOGGED) requests.splice(0, requests.length - MAX_LOGGED);
  }

  challengeServed(): void {
    this.counts.challenges += 1;
  }

  snapshot(): RequestCounts {
    return structuredClone(this.counts);
  }

  reset(): void {
    this.counts = emptyCounts();
  }
}

function emptyCounts(): RequestCounts {
  const hosts = Object.fromEntries(HOST_NAMES.map((h) => [h, 0])) as Record<HostName, number>;
  const targets = Object.fromEntries(HOST_NAMES.map((h) => [h, {}])) as RequestCounts['targets'];
  return { total: 0, hosts, targets, requests: [], challenges: 0 };
}
