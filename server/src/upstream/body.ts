import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { UpstreamBadResponseError } from './errors';

const DECODERS: Record<string, typeof gunzipSync> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** Reads a whole response body, refusing one larger than `maxBytes`. */
export async function readBody(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
  url: URL,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw new UpstreamBadResponseError(`body over ${maxBytes} bytes`, url.href);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Undoes `Content-Encoding` (we ask for compression like a browser does; undici's request()
 * does not inflate), capped at `maxBytes` so a small bomb cannot blow up in memory.
 */
export function decodeBody(body: Buffer, encoding: string, maxBytes: number, url: URL): Buffer {
  const name = encoding.trim().toLowerCase();
  if (name === '' || name === 'identity') return body;
  const decode = DECODERS[name];
  if (!decode) throw new UpstreamBadResponseError(`unsupported content-encoding ${name}`, url.href);
  try {
    return decode(body, { maxOutputLength: maxBytes });
  } catch {
    throw new UpstreamBadResponseError(`undecodable ${name} body`, url.href);
  }
}
