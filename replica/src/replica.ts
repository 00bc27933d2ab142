import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { JsChallenge } from './challenge';
import { RequestCounter, type RequestCounts } from './counts';
import { FaultTable, type Fault } from './faults';
import { HOST_NAMES, type HostName } from './hosts';
import { controlRoutes } from './http/control';
import { installHooks } from './http/hooks';
import type { ReplicaState } from './http/state';
import { imageRoutes } from './http/images';
import { managedChallengeRoutes } from './http/managed';
import { pageRoutes } from './http/pages';
import { upstreamEnv, type Site } from './links';
import { testCertificates } from './tls/certificates';
import { gateConnections, nodeDefaultCiphers } from './tls/gate';

export interface ReplicaOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** 0 (default): an ephemeral port per host. Otherwise pages on `port`, image hosts on port+1, port+2, … in HOST_NAMES order. */
  port?: number;
  /**
   * TLS mode: every host speaks HTTPS (HTTP/2 and 1.1) with a certificate from a test CA, and
   * answers Cloudflare's 403 block page to ClientHellos with Node's default cipher list or
   * without HTTP/2 in ALPN, as a bot manager would.
   */
  tls?: boolean;
}

export interface Replica {
  pageOrigin: string;
  hostOrigins: Record<HostName, string>;
  /** TLS mode: the test CA (PEM) and its file, which `env()` names as UPSTREAM_CA_FILE. */
  ca: { pem: string; file: string } | null;
  /** UPSTREAM_* settings that point the app at this replica. */
  env(): Record<string, string>;
  setFault(host: HostName, fault: Fault | null): void;
  clearFaults(): void;
  counts(): RequestCounts;
  resetCounts(): void;
  close(): Promise<void>;
}

/** Wildcard listen addresses are not reachable as origins. */
function originHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** One server per fancaps host, so per-host pacing in the app sees distinct host:port keys. */
export async function startReplica(options: ReplicaOptions = {}): Promise<Replica> {
  const host = options.host ?? '127.0.0.1';
  const basePort = options.port ?? 0;
  const certificates = options.tls ? testCertificates() : null;
  const nodeCiphers = options.tls ? await nodeDefaultCiphers() : [];
  const state: ReplicaState = {
    faults: new FaultTable(),
    counter: new RequestCounter(),
    challenge: new JsChallenge(),
    refusedConnections: options.tls ? new Set() : undefined,
  };
  // Filled in once every port is bound; the page templates read it per request.
  const site: Site = { pageOrigin: '', hostOrigins: {} as Record<HostName, string> };

  const apps = new Map<HostName, FastifyInstance>();
  for (const name of HOST_NAMES) {
    // forceCloseConnections: hung requests must not keep close() waiting.
    const app = certificates
      ? // The routes use only what HTTP/1.1 and HTTP/2 requests share (Node's compat API).
        (Fastify({
          forceCloseConnections: true,
          http2: true,
          https: { allowHTTP1: true, key: certificates.key, cert: certificates.cert },
        }) as unknown as FastifyInstance)
      : Fastify({ forceCloseConnections: true });
    installHooks(app, name, state);
    if (name === 'pages') {
      pageRoutes(app, site);
      managedChallengeRoutes(app, state);
      controlRoutes(app, state, site);
    } else {
      imageRoutes(app, name);
    }
    apps.set(name, app);
  }
  const close = async () => {
    await Promise.all([...apps.values()].map((app) => app.close()));
  };

  try {
    for (const [index, name] of HOST_NAMES.entries()) {
      const app = apps.get(name)!;
      await app.listen({ host, port: basePort === 0 ? 0 : basePort + index });
      const { port } = app.server.address() as AddressInfo;
      if (state.refusedConnections) {
        gateConnections(app.server, state.refusedConnections, nodeCiphers);
      }
      site.hostOrigins[name] = `${certificates ? 'https' : 'http'}://${originHost(host)}:${port}`;
    }
  } catch (error) {
    await close();
    throw error;
  }
  site.pageOrigin = site.hostOrigins.pages;

  return {
    pageOrigin: site.pageOrigin,
    hostOrigins: { ...site.hostOrigins },
    ca: certificates && { pem: certificates.caPem, file: certificates.caFile },
    env: () => ({
      ...upstreamEnv(site),
      ...(certificates && { UPSTREAM_CA_FILE: certificates.caFile }),
    }),
    setFault: (name, fault) => state.faults.set(name, fault),
    clearFaults: () => state.faults.clear(),
    counts: () => state.counter.snapshot(),
    resetCounts: () => state.counter.reset(),
    close,
  };
}
