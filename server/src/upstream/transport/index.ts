import type { UpstreamConfig } from '../../config';
import { impersonateTransport } from './impersonate';
import { nodeTransport } from './node';
import { readExtraCa } from './trust';
import type { Transport } from './types';

export type { Transport, TransportName, TransportRequest, TransportResponse } from './types';
export { IMPERSONATED_USER_AGENT } from './impersonate';
export { readExtraCa } from './trust';

/** The transport UPSTREAM_TRANSPORT names, trusting UPSTREAM_CA_FILE on top of the usual roots. */
export function createTransport(config: UpstreamConfig): Transport {
  const extraCa = config.caFile ? readExtraCa(config.caFile) : undefined;
  return config.transport === 'node'
    ? nodeTransport({ userAgent: config.userAgent, extraCa })
    : impersonateTransport({ extraCa });
}
