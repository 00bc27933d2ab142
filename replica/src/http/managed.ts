import type { FastifyInstance } from 'fastify';
import {
  reportMismatch,
  VERIFY_PATH,
  WIDGET_PATH,
  widgetPage,
  type BrowserReport,
} from '../managed-challenge';
import { clearanceToken } from '../challenge';
import type { ReplicaState } from './state';

/** The managed challenge's own requests, which the challenge itself never blocks. */
export const CHALLENGE_PREFIX = '/cdn-cgi/challenge-platform/';

/**
 * The Turnstile widget and its answer. A report from a browser whose identity holds together
 * earns `cf_clearance` for its User-Agent; any other is refused with the reason.
 */
export function managedChallengeRoutes(app: FastifyInstance, state: ReplicaState): void {
  app.get<{ Querystring: { n?: string } }>(WIDGET_PATH, (request, reply) => {
    const nonce = request.query.n ?? '';
    if (!state.challenge.knows(nonce)) return reply.code(404).send();
    const mode = state.faults.peek('pages');
    const options = mode?.type === 'managed-challenge' ? mode : {};
    return reply
      .header('cache-control', 'no-store')
      .type('text/html')
      .send(widgetPage(nonce, options));
  });

  app.post<{ Body: BrowserReport }>(VERIFY_PATH, (request, reply) => {
    const report = request.body;
    if (typeof report?.nonce !== 'string' || !state.challenge.knows(report.nonce)) {
      return reply.code(403).send({ ok: false, why: 'unknown challenge' });
    }
    const why = reportMismatch(report, request.headers);
    if (why) return reply.code(403).send({ ok: false, why });
    const token = clearanceToken(report.nonce, report.userAgent);
    return reply
      .header('set-cookie', `cf_clearance=${token}; Path=/; Max-Age=3600; HttpOnly`)
      .send({ ok: true });
  });
}
