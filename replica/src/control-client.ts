import type { RequestCounts } from './counts';
import type { Fault } from './faults';
import type { HostName } from './hosts';

export interface ReplicaControl {
  setFault(host: HostName, fault: Fault | null): Promise<void>;
  clearFaults(): Promise<void>;
  counts(): Promise<RequestCounts>;
  resetCounts(): Promise<void>;
}

/** Drives a replica running in another process through its `/_control/` endpoints. */
export function replicaControl(pageOrigin: string): ReplicaControl {
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${pageOrigin}/_control/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(
        `replica control ${method} ${path}: ${response.status} ${await response.text()}`,
      );
    return response;
  }
  return {
    setFault: async (host, fault) => void (await call('POST', 'faults', { host, fault })),
    clearFaults: async () => void (await call('DELETE', 'faults')),
    counts: async () => (await call('GET', 'counts')).json() as Promise<RequestCounts>,
    resetCounts: async () => void (await call('DELETE', 'counts')),
  };
}
