/** One GET as the paced client asks a transport to send it (redirects are never followed). */
export interface TransportRequest {
  url: URL;
  /** What the caller accepts; a transport impersonating a browser sends the browser's own. */
  accept: string;
  referer: string;
  /** The site's clearance cookie, for the site's own hosts only. */
  cookie?: string;
  /** The User-Agent the clearance was earned with, when it is not the transport's own. */
  userAgent?: string;
  signal: AbortSignal;
  timeoutMs: number;
}

export interface TransportResponse {
  status: number;
  /** A response header's value, or '' when absent. */
  header(name: string): string;
  /** `Content-Encoding` still to be undone ('' when the transport already decoded the body). */
  encoding: string;
  /** The body; breaking off iterating releases it. */
  body: AsyncIterable<Uint8Array>;
}

export type TransportName = 'impersonate' | 'node';

/**
 * What puts bytes on the wire for the paced client. Timeouts surface as UpstreamTimeoutError;
 * any other failure is thrown as is (the client calls it a connection error).
 */
export interface Transport {
  readonly name: TransportName;
  /** The User-Agent every request carries (so a solved challenge's cookie matches it). */
  readonly userAgent: string;
  send(request: TransportRequest): Promise<TransportResponse>;
  /** Hosts served by another impersonation profile than the primary (after a refusal). */
  profiles?(): Record<string, string>;
  close(): Promise<void>;
}
