import type { IncomingMessage, ServerResponse } from 'node:http';
import { ImageBytesQuery } from '@capshelf/contract';
import { parseCookie } from 'cookie';
import { parse as parseQuery } from 'fast-querystring';
import type { AuthService } from '../auth';
import type { ImageStore, ServedImage } from '../images';
import { SESSION_COOKIE, sessionTokenOf } from './plugins/access';
import { compressedLarge, IMAGE_FILE, imageCachingHeaders } from './routes/image-files';

export type RawHandler = (request: IncomingMessage, response: ServerResponse) => void;

const PREFIX = '/api/images/';
const REMEMBERED_QUERIES = 256;
/** A grid asks with a handful of query strings over and over: each is parsed once (null: not valid). */
const queries = new Map<string, ImageBytesQuery | null>();

function imageQuery(search: string): ImageBytesQuery | null {
  let query = queries.get(search);
  if (query === undefined) {
    const parsed = ImageBytesQuery.safeParse(parseQuery(search));
    query = parsed.success ? parsed.data : null;
    if (queries.size >= REMEMBERED_QUERIES) queries.clear();
    queries.set(search, query);
  }
  return query;
}

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
    if (!url.startsWith(PREFIX)) return undefined;
    const queryStart = url.indexOf('?');
    const file = url.slice(PREFIX.length, queryStart === -1 ? undefined : queryStart);
    if (!IMAGE_FILE.test(file)) return undefined;
    const query = imageQuery(queryStart === -1 ? '' : url.slice(queryStart + 1));
    if (!query?.kind) return undefined;

    const { authorization, cookie } = request.headers;
    const token = sessionTokenOf(authorization, () => parseCookie(cookie ?? '')[SESSION_COOKIE]);
    if (!token || !deps.auth.rememberedUser(token)) return undefined;

    const id = Number(file.slice(0, -'.jpg'.length));
    return deps.images.fromMemory(query.kind, id, query.size, compressedLarge(query));
  } catch {
    // Whatever the parsers reject, the route answers properly.
    return undefined;
  }
}
