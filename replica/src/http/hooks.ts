import { setTimeout as delay } from 'node:timers/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Fault } from '../faults';
import type { HostName } from '../hosts';
import { headerMismatch, managedPage } from '../managed-challenge';
import { CHALLENGE_PREFIX } from './managed';
import { renderBlocked, renderChallenge } from '../render/errors';
import { connectionKey } from '../tls/gate';
import type { ReplicaState } from './state';

/** Requests whose response must be cut off half way. */
const truncating = new WeakSet<FastifyRequest>();

const browserFamily = (request: FastifyRequest) =>
  /Firefox\//.test(request.headers['user-agent'] ?? '') ? 'firefox' : 'chrome';

/** The challenge page a challenge mode answers this request with, or null when it passes. */
function challengeFor(mode: Fault, request: FastifyRequest, state: ReplicaState): string | null {
  const { cookie, 'user-agent': userAgent } = request.headers;
  if (mode.type === 'managed-challenge') {
    // The widget and its answer are the challenge itself.
    if (request.url.startsWith(CHALLENGE_PREFIX)) return null;
    const cleared = state.challenge.passes(cookie, userAgent) && !headerMismatch(request.headers);
    return cleared ? null : managedPage(state.challenge.issue());
  }
  if (mode.type === 'js-challenge') {
    return state.challenge.passes(cookie, userAgent) ? null : state.challenge.page(mode);
  }
  return null;
}

/** Counts every upstream request on the host and applies its fault, if one is set. */
export function installHooks(app: FastifyInstance, host: HostName, state: ReplicaState): void {
  app.addHook('onRequest', async (request, reply) => {
    if (host === 'pages' && request.url.startsWith('/_control')) return;
    state.counter.record(host, request.url);
    // Modes rather than countable faults: cleared requests pass, the rest are refused.
    const mode = state.faults.peek(host);
    if (mode?.type === 'refuse-browser' && browserFamily(request) === mode.browser) {
      return reply.code(403).type('text/html; charset=UTF-8').send(renderBlocked());
    }
    const challengePage = mode ? challengeFor(mode, request, state) : null;
    if (challengePage !== null) {
      state.counter.challengeServed();
      return reply
        .code(403)
        .header('cf-mitigated', 'challenge')
        .header('cache-control', 'no-store')
        .type('text/html; charset=UTF-8')
        .send(challengePage);
    }
    if (state.refusedConnections?.has(connectionKey(request.raw.socket))) {
      return reply.code(403).type('text/html; charset=UTF-8').send(renderBlocked());
    }
    const fault = state.faults.take(host);
    switch (fault?.type) {
      case undefined:
      case 'js-challenge':
      case 'managed-challenge':
      case 'refuse-browser':
        return;
      case 'slow':
        await delay(fault.delayMs);
        return;
      case 'truncated':
        truncating.add(request);
        return;
      case 'hang':
        // Never answer; the socket stays open until the client gives up or the replica closes.
        reply.hijack();
        return;
      case 'rate-limit':
        if (fault.retryAfter !== undefined) reply.header('retry-after', String(fault.retryAfter));
        return reply.code(429).type('text/plain; charset=UTF-8').send('error code: 1015');
      case 'challenge':
        return reply
          .code(fault.status ?? 403)
          .header('cf-mitigated', 'challenge')
          .type('text/html; charset=UTF-8')
          .send(renderChallenge());
      case 'error':
        return reply
          .code(fault.status)
          .type('text/html; charset=UTF-8')
          .send(`<html><body><h1>${fault.status} Server Error</h1></body></html>`);
    }
  });

  // Announce the full length, send half, then drop the connection, as a dying upstream would.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!truncating.has(request) || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      return payload;
    }
    const body = Buffer.from(payload);
    reply.header('content-length', body.length);
    const stream = new Readable({ read() {} });
    stream.push(body.subarray(0, Math.floor(body.length / 2)));
    // Fastify destroys the socket when a stream fails after the headers went out.
    setTimeout(() => stream.destroy(new Error('truncated by replica fault')), 50);
    return stream;
  });
}
