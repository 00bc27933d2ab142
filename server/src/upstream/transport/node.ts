import { Agent, request } from 'undici';
import { UpstreamTimeoutError } from '../errors';
import { trustedCertificates } from './trust';
import type { Transport, TransportRequest, TransportResponse } from './types';

function isUndiciTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

function header(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Node's own HTTP stack (undici), kept for comparison and for sites that do not look at TLS
 * fingerprints. Its ClientHello is a well-known non-browser one, which bot managers refuse.
 */
export function nodeTransport(options: { userAgent: string; extraCa?: string }): Transport {
  const dispatcher = new Agent({
    keepAliveTimeout: 30_000,
    connect: options.extraCa ? { ca: trustedCertificates(options.extraCa) } : undefined,
  });
  return {
    name: 'node',
    userAgent: options.userAgent,
    async send(req: TransportRequest): Promise<TransportResponse> {
      const headers: Record<string, string> = {
        'user-agent': req.userAgent ?? options.userAgent,
        accept: req.accept,
        'accept-language': 'en-US,en;q=0.9',
        'accept-encoding': 'gzip, deflate, br',
        referer: req.referer,
      };
      if (req.cookie) headers.cookie = req.cookie;
      try {
        const response = await request(req.url, {
          method: 'GET',
          dispatcher,
          headers,
          signal: req.signal,
          headersTimeout: req.timeoutMs,
          bodyTimeout: req.timeoutMs,
        });
        return {
          status: response.statusCode,
          header: (name) => header(response.headers[name]),
          encoding: header(response.headers['content-encoding']),
          body: response.body,
        };
      } catch (error) {
        if (isUndiciTimeout(error)) throw new UpstreamTimeoutError(req.timeoutMs, req.url.href);
        throw error;
      }
    },
    close: () => dispatcher.close(),
  };
}
