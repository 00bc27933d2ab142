import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie } from 'cookie';
import type { AuthService } from '../auth';
import { SESSION_COOKIE, sessionTokenOf } from '../auth/request-user';
import type { ImageStore, ServedImage } from './store';
import { compressedLarge, imageCachingHeaderList, imageIdOfPath, imageQueryOf } from './urls';

export type RawHandler = (request: IncomingMessage, response: ServerResponse) => void;

type FastPathDeps = { auth: AuthService; images: ImageStore; securityHeaders: string[] };

/**
 * Views of small cached images, answered before Fastify's request pipeline: a grid is hundreds
 * of these per screen, and the pipeline (hooks, schema, reply) cost most of each one. It answers
 * only when the image route would give the same answer from memory or a local file alone: a GET
 * for `{id}.jpg` with a valid query naming the kind, a session this process checked within the
 * recheck time, and the bytes in the image store's memory cache or in a small file on this machine.
 * Anything else, images not yet fetched, large ones, errors and 401s included, goes on to Fastify
 * unchanged.
 */
export function withImageFastPath(next: RawHandler, deps: FastPathDeps): RawHandler {
  // The headers as flat name/value lists, the route's own caching headers after the security ones.
  const answer = (request: IncomingMessage, response: ServerResponse, image: ServedImage) => {
    const headers = [...deps.securityHeaders, ...imageCachingHeaderList(image)];
    if (request.headers['if-none-match'] === image.etag) {
      response.writeHead(304, headers).end();
    } else {
      headers.push('content-type', 'image/jpeg', 'content-length', `${image.bytes}`);
      response.writeHead(200, headers).end(image.body);
    }
  };

  return (request, response) => {
    const asked = request.method === 'GET' ? imageAskedBy(request, deps) : undefined;
    if (!asked) return next(request, response);
    const { kind, id, size, compressed } = asked;
    const hit = deps.images.fromMemory(kind, id, size, compressed);
    if (hit) return answer(request, response, hit);
    // The callback may come before `fromLocalFile` returns (no file): the request is handed on once.
    let handedOn = false;
    try {
      deps.images.fromLocalFile(kind, id, size, compressed, (image) => {
        handedOn = true;
        if (image) answer(request, response, image);
        else next(request, response);
      });
    } catch {
      if (!handedOn) next(request, response);
    }
  };
}

/**
 * The image a request asks for, when the route would answer it to this session without a check
 * of its own; undefined leaves the request to the route.
 */
function imageAskedBy(request: IncomingMessage, deps: FastPathDeps) {
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

    return { kind: query.kind, id, size: query.size, compressed: compressedLarge(query) };
  } catch {
    // Whatever the parsers reject, the route answers properly.
    return undefined;
  }
}
