import type { UpstreamConfig } from '../config';
import type { UpstreamClient, UpstreamClientDeps } from './client-api';
import { clientContext } from './client-context';
import { CoolDowns } from './cool-downs';
import { imageExpectation, pageExpectation } from './expectations';
import { Fetcher } from './fetcher';
import { createTransport } from './transport';
import { Wire } from './wire';

/**
 * The paced client, put together from its steps: cool-downs (refusals, challenges), the wire (one
 * request, its outcome recorded) and the fetcher (lanes, retries, redirects).
 */
export function createUpstreamClient(
  config: UpstreamConfig,
  deps: UpstreamClientDeps = {},
): UpstreamClient {
  const transport = deps.transport ?? createTransport(config);
  const context = clientContext(config, deps);
  const { book, shared } = context;
  const coolDowns = new CoolDowns(context);
  const wire = new Wire(context, transport, coolDowns);
  const fetcher = new Fetcher(context, wire, coolDowns);
  const pages = pageExpectation(coolDowns.challenged);
  const images = imageExpectation(coolDowns.challenged);

  return {
    fetchPage: (url, options = {}) => fetcher.get(url, pages, options),
    fetchImage: (url, options = {}) => fetcher.get(url, images, options),
    hostStatus: (host) => book.status(host),
    health: () => ({
      requestsSent: wire.sent,
      hosts: book.hosts().map((host) => book.status(host)),
    }),
    requestCounts: async () => (await shared?.requestCounts()) ?? null,
    async endCoolDown(host) {
      book.endCoolDown(host);
      await shared?.endCoolDown(host);
    },
    profiles: () => transport.profiles?.() ?? {},
    userAgent: transport.userAgent,
    async close() {
      if (fetcher.close()) await transport.close();
    },
  };
}
