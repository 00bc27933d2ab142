import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PinnedTarget } from './target';

/** One webhook request as a format builds it. */
export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
}

/** What the target answered, or why it could not be reached. */
export type PostResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string };

const TIMEOUT_MS = 10_000;
/** Only the start of an answer is read (its text is never used); then the connection goes. */
const MAX_ANSWER_BYTES = 4096;

/**
 * POSTs to a pinned target: the connection goes to the address that was checked (the lookup
 * answers it whatever the name), redirects are not followed, the whole exchange has a deadline
 * and at most a few kB of the answer are read.
 */
export function postPinned(target: PinnedTarget, request: WebhookRequest): Promise<PostResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = client.request(target.url, {
      method: 'POST',
      lookup: pinned,
      headers: {
        ...request.headers,
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': 'capshelf-notifications',
      },
      agent: false,
    });
    const timer = setTimeout(
      () => done({ ok: false, status: null, error: `超时（${TIMEOUT_MS / 1000} 秒）` }),
      TIMEOUT_MS,
    );
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      const finish = () =>
        done(
          status >= 200 && status < 300
            ? { ok: true, status }
            : {
                ok: false,
                status,
                error: status >= 300 && status < 400 ? '不跟随重定向' : `HTTP ${status}`,
              },
        );
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', (error) => done({ ok: false, status: null, error: error.message }));
    req.end(request.body);
  });
}
