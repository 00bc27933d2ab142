import type { FastifyInstance, FastifyReply } from 'fastify';
import { imageById } from '../catalogue';
import { CDNI_BUCKETS, KIND_HOSTS, type HostName } from '../hosts';
import { renderImage } from '../images/render';
import type { ImageSize, Kind } from '../types';

const KIND_OF_BUCKET = new Map(
  Object.entries(CDNI_BUCKETS).map(([kind, bucket]) => [bucket, kind as Kind]),
);

/** Only ids of the host's kind that exist in the catalogue are served; anything else is a 404. */
async function sendImage(
  reply: FastifyReply,
  kind: Kind | undefined,
  file: string,
  size: ImageSize,
) {
  const id = Number(/^(\d+)\.jpg$/.exec(file)?.[1]);
  if (kind === undefined || imageById(id)?.kind !== kind) return notFound(reply);
  const bytes = await renderImage(kind, id, size);
  return reply
    .type('image/jpeg')
    .header('content-length', bytes.length)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(bytes);
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=UTF-8').send('404 Not Found');
}

export function imageRoutes(app: FastifyInstance, host: Exclude<HostName, 'pages'>): void {
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  if (host === 'cdni') {
    app.get<{ Params: { bucket: string; file: string } }>('/file/:bucket/:file', (request, reply) =>
      sendImage(reply, KIND_OF_BUCKET.get(request.params.bucket), request.params.file, 'large'),
    );
    return;
  }
  const { kind, size } = KIND_HOSTS[host];
  app.get<{ Params: { file: string } }>('/:file', (request, reply) =>
    sendImage(reply, kind, request.params.file, size),
  );
}
