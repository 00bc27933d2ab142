import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie } from 'cookie';
import type { AuthService } from '../auth';
import { SESSION_COOKIE, sessionTokenOf } from '../auth/request-user';
import type { ImageStore, ServedImage } from './store';
import { compressedLarge, imageCachingHeaders, imageIdOfPath, imageQueryOf } from './urls';

export type RawHandler = (request: IncomingMessage, response: ServerResponse) => void;

type FastPathDeps = { auth: AuthService; images: ImageStore; securityHeaders: string[] };

/**
 * Repeat views of small cached images, answered before Fastify's request pipeline: a grid is
 * hundreds of these per screen, and the pipeline (hooks, schema, reply) cost most of each one.
 * It answers only when the image route would give the same answer from memory alone: a GET for
 * `{id}.jpg` with a valid query naming the kind, a session this process checked within the recheck
 * time, and the bytes in the image store's memory cache. Anything else, first views, errors and
 * 401s included, goes on to Fastify unchanged.
 */
export function withImageFastPath(next: RawHandler, deps: FastPathDeps): RawHandler {
  // Each image's headers as flat name/value lists (Node takes them faster than an object), built
  // on its first fast answer and kept as long as the memory cache keeps the image.
  const headerLists = new WeakMap<ServedImage, { ok: string[]; notModified: string[] }>();
  const headersFor = (image: ServedImage) => {
    let lists = headerLists.get(image);
    if (!lists) {
      const caching = Object.entries(imageCachingHeaders(image)).flat();
      const notModified = [...deps.securityHeaders, ...caching];
      const ok = [...notModified, 'content-type', 'image/jpeg', 'content-length', `${image.bytes}`];
      lists = { ok, notModified };
      headerLists.set(image, lists);
    }
    return lists;
  };

  return (request, response) => {
    const image = request.method === 'GET' ? cachedImageFor(request, deps) : undefined;
    if (!image) return next(request, response);
    const headers = headersFor(image);
    if (request.headers['if-none-match'] === image.etag) {
      response.writeHead(304, headers.notModified).end();
    } else {
      response.writeHead(200, headers.ok).end(image.body);
    }
  };
}

/** The image the route would serve from memory for this request, or undefined to leave it to the route. */
function cachedImageFor(request: IncomingMessage, deps: FastPathDeps) {
  try {
    const url = request.url ?? '';
    const queryStart = url.indexOf('?');
    const id = imageIdOfPath(queryStart === -1 ? url : url.slice(0, queryStart));
    if (id === null) return undefined;
    const query = imageQueryOf(queryStart === -1 ? '' : url.slice(queryStart + 1));
    if (!query?.kind) return undefined;

    const { authorization, cookie } = request.headers;
    const token = sessionTokenOf(authorization, () => parseCookie(cookie ?? '')[SESSION_COOKIE]);
    if (!token || !deps.auth.rememberedUser(token)) return undefined;

    return deps.images.fromMemory(query.kind, id, query.size, compressedLarge(query));
  } catch {
    // Whatever the parsers reject, the route answers properly.
    return undefined;
  }
}
