import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { UpstreamBadResponseError } from './errors';

const DECODERS: Record<string, typeof gunzipSync> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** Reads a whole response body, refusing one larger than `maxBytes`. */
export async function readBody(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
  url: URL,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    // Leaving the loop by throwing releases the body (the iterator's return()).
    if (size > maxBytes)
      throw new UpstreamBadResponseError(`body over ${maxBytes} bytes`, url.href);
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  }
  return Buffer.concat(chunks);
}

/**
 * Undoes `Content-Encoding` (we ask for compression like a browser does; undici's request()
 * does not inflate; impit does), capped at `maxBytes` so a small bomb cannot blow up in memory.
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
