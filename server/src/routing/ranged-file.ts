import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gone } from '../errors';
import type { ObjectInfo, ObjectStore } from '../storage';

export interface RangedFile {
  /** Where an immutable object (a finished ZIP archive) is: on disk or in a bucket. */
  store: Pick<ObjectStore, 'head' | 'stream'>;
  key: string;
  /** e.g. `application/zip`. */
  contentType: string;
  /** A ready `Content-Disposition` header value. */
  disposition: string;
  /** Strong validator of this file's bytes, e.g. the task id: the ETag is derived from it, size and mtime. */
  identity: string;
}

/** What one request gets: the bytes `start..end` (inclusive) with 200 or 206, a 304, or a 416. */
type Plan = { status: 200 | 206; start: number; end: number } | { status: 304 } | { status: 416 };

/** The file as its validators describe it. */
interface Stats {
  size: number;
  etag: string;
  lastModified: string;
}

/** A single byte range as the client asked for it, or why none applies. */
type RangeAsked = { start: number; end: number } | 'unsatisfiable' | 'ignore';

/**
 * Serves the file with HTTP range support (RFC 9110 §14): 200 whole, 206 one range, 416
 * unsatisfiable, 304 on a matching `If-None-Match`; HEAD answers the headers of the GET.
 * `onServedToEnd` is called once when a response carrying the file's last byte finished streaming
 * completely (not on a client abort or a read error). A file gone from disk answers 410.
 */
export async function sendRangedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: RangedFile,
  onServedToEnd?: () => void,
): Promise<FastifyReply> {
  const stats = statsOf((await file.store.head(file.key)) ?? goneFile(), file.identity);
  setValidators(reply, stats);
  const plan = planOf(request, stats);
  if (plan.status === 200 || plan.status === 206) setContent(reply, file, plan, stats.size);
  if (plan.status === 416) {
    reply.header('content-range', `bytes */${stats.size}`).header('content-length', 0);
  }
  if (plan.status === 304 || plan.status === 416 || request.method === 'HEAD') {
    return reply.status(plan.status).send(emptyBody(request));
  }
  // Opened before the headers go: an object removed meanwhile is a clean 410, not a cut stream.
  // Once open, a local file's bytes stay readable even if the cleanup job unlinks it.
  const body = plan.end < plan.start ? Readable.from([]) : await file.store.stream(file.key, plan);
  if (!body) goneFile();
  reply.status(plan.status);
  return reply.send(watched(body, reply, plan, stats.size, onServedToEnd));
}

function goneFile(): never {
  throw gone('文件已不存在，请重新创建下载任务');
}

/** The headers of an answer that carries (or, for HEAD, describes) the bytes `start..end`. */
function setContent(
  reply: FastifyReply,
  file: RangedFile,
  plan: { status: 200 | 206; start: number; end: number },
  size: number,
): void {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .header('content-length', plan.end - plan.start + 1);
  if (plan.status === 206) reply.header('content-range', `bytes ${plan.start}-${plan.end}/${size}`);
}

function statsOf(info: ObjectInfo, identity: string): Stats {
  const time = info.modified.getTime();
  const hash = createHash('sha1').update(`${identity}:${info.bytes}:${time}`).digest('base64url');
  return { size: info.bytes, etag: `"${hash}"`, lastModified: info.modified.toUTCString() };
}

/** Headers every answer carries, 304 and 416 included, so a client can always revalidate or resume. */
function setValidators(reply: FastifyReply, stats: Stats): void {
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', stats.etag)
    .header('last-modified', stats.lastModified)
    // Archives are private to their owner: no shared cache, and no copy kept by the browser.
    .header('cache-control', 'private, no-store');
}

/** Decides the answer in the order RFC 9110 §13.2.2 evaluates the preconditions, then the range. */
function planOf(request: FastifyRequest, stats: Stats): Plan {
  const whole = { status: 200, start: 0, end: stats.size - 1 } as const;
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && noneMatchHits(ifNoneMatch, stats.etag)) return { status: 304 };
  // Range handling is defined for GET only (§14.2): HEAD reports the whole representation.
  const range = request.headers.range;
  if (request.method !== 'GET' || range === undefined) return whole;
  // Node types unknown headers loosely; a repeated If-Range is not one validator, so it fails.
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && !(typeof ifRange === 'string' && ifRangeHolds(ifRange, stats))) {
    return whole;
  }
  const asked = parseRange(range, stats.size);
  if (asked === 'ignore') return whole;
  if (asked === 'unsatisfiable') return { status: 416 };
  return { status: 206, ...asked };
}

/** `If-None-Match` uses the weak comparison (§13.1.2): a `W/` prefix does not matter; `*` matches. */
function noneMatchHits(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * `If-Range` (§13.1.5): an entity tag must match by the strong comparison (a weak one never does);
 * a date must equal Last-Modified exactly. Otherwise the client's partial copy is of other bytes.
 */
function ifRangeHolds(header: string, stats: Stats): boolean {
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === stats.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Date.parse(stats.lastModified);
}

/**
 * One `bytes` range of §14.1.2: `a-b`, `a-` or `-n`. A header that does not parse is ignored
 * (§14.2), and so is a set of several ranges: answering 200 with the whole file is allowed and
 * spares a multipart/byteranges body that download clients resuming one file never ask for.
 */
export function parseRange(header: string, size: number): RangeAsked {
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match?.[1]) return 'ignore';
  const specs = match[1].split(',').filter((spec) => spec.trim() !== '');
  if (specs.length !== 1) return 'ignore';
  const parts = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(specs[0] ?? '');
  if (!parts) return 'ignore';
  const [, first = '', last = ''] = parts;
  if (first === '') {
    if (last === '') return 'ignore';
    // A suffix: the last n bytes, the whole file if it is shorter; `-0` asks for nothing.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // `a-b` with b < a is invalid (ignored); an open or far end stops at the last byte.
  if (last !== '' && Number(last) < start) return 'ignore';
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * A body-less answer. For HEAD an empty stream rather than nothing: Fastify's automatic HEAD route
 * replaces an absent payload's Content-Length with 0, while it keeps the one set for a stream.
 */
function emptyBody(request: FastifyRequest): Readable | undefined {
  return request.method === 'HEAD' ? Readable.from([]) : undefined;
}

/** The planned bytes, watching whether the response that ends the object completes. */
function watched(
  body: Readable,
  reply: FastifyReply,
  plan: { start: number; end: number },
  size: number,
  onServedToEnd: (() => void) | undefined,
): Readable {
  if (!onServedToEnd || plan.end !== size - 1) return body;
  const length = plan.end - plan.start + 1;
  let sent = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  // 'finish' comes only once the whole response went out: an aborted client or a failed read
  // destroys the response instead ('close' alone). The byte count guards against an object cut
  // short under us, which would end the stream early without an error.
  reply.raw.once('finish', () => {
    if (sent === length) onServedToEnd();
  });
  return pipeline(body, counted, () => undefined);
}
