import type { FastifyInstance } from 'fastify';
import { addEpisode } from '../catalogue';
import { isHostName, parseFault } from '../faults';
import { upstreamEnv, type Site } from '../links';
import type { ReplicaState } from './state';

/**
 * Test control over HTTP for other processes (e.g. Playwright), on the page origin.
 * These requests are neither counted nor subject to faults.
 */
export function controlRoutes(app: FastifyInstance, state: ReplicaState, site: Site): void {
  app.get('/_control/info', () => ({ ...site, env: upstreamEnv(site) }));

  app.get('/_control/faults', () => state.faults.snapshot());

  app.post<{ Body: { host?: unknown; fault?: unknown } }>('/_control/faults', (request, reply) => {
    const { host, fault } = request.body ?? {};
    if (!isHostName(host)) return reply.code(400).send({ error: `unknown host ${String(host)}` });
    if (fault === null || fault === undefined) {
      state.faults.set(host, null);
      return reply.code(204).send();
    }
    const parsed = parseFault(fault);
    if (typeof parsed === 'string') return reply.code(400).send({ error: parsed });
    state.faults.set(host, parsed);
    return reply.code(204).send();
  });

  app.delete('/_control/faults', (_request, reply) => {
    state.faults.clear();
    return reply.code(204).send();
  });

  app.get('/_control/counts', () => state.counter.snapshot());

  /** A new episode of a show, as an upload while the app watches (follow checks). */
  app.post<{ Params: { id: string }; Body: { images?: unknown } | undefined }>(
    '/_control/shows/:id/episodes',
    (request, reply) => {
      const images = request.body?.images ?? 40;
      if (typeof images !== 'number' || !Number.isInteger(images) || images < 1 || images > 500) {
        return reply.code(400).send({ error: 'images: an integer from 1 to 500' });
      }
      const episode = addEpisode(Number(request.params.id), images);
      if (!episode) return reply.code(404).send({ error: `unknown show ${request.params.id}` });
      return reply.code(201).send({ id: episode.id, label: episode.label, images });
    },
  );

  app.delete('/_control/counts', (_request, reply) => {
    state.counter.reset();
    return reply.code(204).send();
  });
}
