import { HOST_NAMES, type HostName } from './hosts';

export interface RequestCounts {
  total: number;
  hosts: Record<HostName, number>;
  /** Per host, per request target (path + query exactly as sent). */
  targets: Record<HostName, Record<string, number>>;
}

/** Counts upstream requests so tests can assert what an action cost. */
export class RequestCounter {
  private counts = emptyCounts();

  record(host: HostName, target: string): void {
    this.counts.total += 1;
    this.counts.hosts[host] += 1;
    const targets = this.counts.targets[host];
    targets[target] = (targets[target] ?? 0) + 1;
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
  return { total: 0, hosts, targets };
}
