import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { RequestCounts } from './counts';
import type { Fault } from './faults';
import type { HostName } from './hosts';

export interface ReplicaControl {
  setFault(host: HostName, fault: Fault | null): Promise<void>;
  clearFaults(): Promise<void>;
  counts(): Promise<RequestCounts>;
  resetCounts(): Promise<void>;
  /** Adds an episode of `images` pictures to a show; answers its id and label. */
  addEpisode(showId: number, images?: number): Promise<{ id: number; label: string }>;
}

/**
 * Drives a replica running in another process through its `/_control/` endpoints. A replica in
 * TLS mode needs its test CA (`ca`, PEM); control requests are never refused for their fingerprint.
 */
export function replicaControl(pageOrigin: string, options: { ca?: string } = {}): ReplicaControl {
  function call(method: string, path: string, body?: unknown): Promise<string> {
    const url = new URL(`/_control/${path}`, pageOrigin);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        url,
        {
          method,
          headers: payload === undefined ? {} : { 'content-type': 'application/json' },
          ca: options.ca ? [...rootCertificates, options.ca] : undefined,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(text);
            else reject(new Error(`replica control ${method} ${path}: ${status} ${text}`));
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  return {
    setFault: async (host, fault) => void (await call('POST', 'faults', { host, fault })),
    clearFaults: async () => void (await call('DELETE', 'faults')),
    counts: async () => JSON.parse(await call('GET', 'counts')) as RequestCounts,
    resetCounts: async () => void (await call('DELETE', 'counts')),
    addEpisode: async (showId, images) =>
      JSON.parse(await call('POST', `shows/${showId}/episodes`, { images })) as {
        id: number;
        label: string;
      },
  };
}
