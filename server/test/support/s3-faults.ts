import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Upload {
  key: string;
  uploadId: string;
  initiated: Date;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x?27;|&apos;/g, "'")
    .replace(/&#x60;|&#96;/g, '`')
    .replace(/&amp;/g, '&');

/** Answers once the request's body is in (a client still sending would see its socket reset). */
function answer(req: http.IncomingMessage, res: http.ServerResponse, status: number, xml: string) {
  req.resume();
  req.on('end', () => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    const bodyless = req.method === 'HEAD' || status === 204;
    res.end(bodyless ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
  });
}

const error = (code: string, message: string) =>
  `<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** The writes a full bucket refuses: objects and parts (PUT), completing an upload (POST). */
const isWrite = (method: string, url: URL) =>
  method === 'PUT' || (method === 'POST' && url.searchParams.has('uploadId'));

function listUploads(uploads: Map<string, Upload>, bucket: string, prefix: string) {
  const listed = [...uploads.values()]
    .filter((upload) => upload.key.startsWith(prefix))
    .map(
      (upload) =>
        `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId>` +
        `<Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
    );
  return (
    `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Bucket>${bucket}</Bucket><Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads>` +
    `<IsTruncated>false</IsTruncated>${listed.join('')}</ListMultipartUploadsResult>`
  );
}

/**
 * A ListObjectsV2 request as s3rver's V1 listing (its V2 continuation tokens use DES, which
 * OpenSSL 3 no longer has): the token is the last key of the page before, as a marker.
 */
function asVersion1(url: URL): void {
  const token = url.searchParams.get('continuation-token');
  const marker = token ? unescapeXml(Buffer.from(token, 'base64url').toString('utf8')) : null;
  const startAfter = marker ?? url.searchParams.get('start-after');
  for (const name of ['list-type', 'continuation-token', 'start-after'])
    url.searchParams.delete(name);
  if (startAfter) url.searchParams.set('marker', startAfter);
}

/** The V1 answer with the V2 continuation token of a truncated page. */
function withContinuationToken(xml: string): string {
  if (!xml.includes('<IsTruncated>true</IsTruncated>')) return xml;
  const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)];
  const token = Buffer.from(keys.at(-1)?.[1] ?? '', 'utf8').toString('base64url');
  return xml.replace(
    '</IsTruncated>',
    `</IsTruncated><NextContinuationToken>${token}</NextContinuationToken>`,
  );
}

/**
 * A proxy in front of s3rver that fills in what it lacks and can fail as a real S3 does: the next
 * `n` requests answered `503 SlowDown`, writes answered `507 InsufficientStorage`, or gone
 * altogether (`close`). Filled in: ListMultipartUploads and AbortMultipartUpload (from the uploads
 * it sees started), and ListObjectsV2 pagination.
 */
export async function startS3Proxy(target: string) {
  const uploads = new Map<string, Upload>();
  const requests: string[] = [];
  let slowDowns = 0;
  let full = false;

  /** Passes the request on, the answer's body through `rewrite` when given. */
  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    rewrite?: (body: string) => string,
  ) => {
    const upstream = http.request(`${target}${url.pathname}${url.search}`, {
      method: req.method,
      headers: req.headers,
    });
    upstream.on('response', (reply) => {
      if (!rewrite) {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        return reply.pipe(res);
      }
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => {
        const body = Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')));
        const headers = { ...reply.headers, 'content-length': String(body.length) };
        res.writeHead(reply.statusCode ?? 502, headers).end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };

  /** Notes the upload a CreateMultipartUpload starts. */
  const started = (url: URL) => (body: string) => {
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(body)?.[1];
    const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
    if (uploadId) uploads.set(uploadId, { key, uploadId, initiated: new Date() });
    return body;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const [bucket = '', ...key] = url.pathname.split('/').slice(1);
    const onBucket = key.join('') === '';
    const uploadId = url.searchParams.get('uploadId');
    if (slowDowns > 0) {
      slowDowns--;
      return answer(req, res, 503, error('SlowDown', 'Please reduce your request rate.'));
    }
    if (full && isWrite(method, url)) {
      return answer(req, res, 507, error('InsufficientStorage', 'Not enough space.'));
    }
    if (method === 'GET' && onBucket && url.searchParams.has('uploads')) {
      const prefix = url.searchParams.get('prefix') ?? '';
      return answer(req, res, 200, listUploads(uploads, bucket, prefix));
    }
    if (method === 'DELETE' && uploadId) {
      return uploads.delete(uploadId)
        ? answer(req, res, 204, '')
        : answer(req, res, 404, error('NoSuchUpload', 'The specified upload does not exist.'));
    }
    if (method === 'GET' && onBucket && url.searchParams.get('list-type') === '2') {
      asVersion1(url);
      return forward(req, res, url, withContinuationToken);
    }
    if (method === 'POST' && url.searchParams.has('uploads'))
      return forward(req, res, url, started(url));
    if (method === 'POST' && uploadId) uploads.delete(uploadId);
    forward(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** Every request seen, as `METHOD /path?query`. */
    requests,
    /** Multipart uploads started and neither completed nor aborted. */
    uploads,
    /** The next `n` requests are answered 503 SlowDown. */
    slowDown(n: number) {
      slowDowns = n;
    },
    /** Writes are answered 507 InsufficientStorage (`false`: accepted again). */
    full(on: boolean) {
      full = on;
    },
    /** Gone: connections dropped, new ones refused. */
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type S3Proxy = Awaited<ReturnType<typeof startS3Proxy>>;
