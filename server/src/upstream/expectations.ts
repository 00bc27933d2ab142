import type { UpstreamImage } from './client-api';
import { UpstreamBadResponseError } from './errors';
import { pageProblem } from './parse/page-check';

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';

export interface Received {
  status: number;
  contentType: string;
  body: Buffer;
}

/** What one kind of fetch expects back. */
export interface Expectation<T> {
  accept: string;
  maxBytes: number;
  /** Turns a 2xx answer into the result, or throws the typed error it deserves. */
  read(received: Received, url: URL): T;
}

/** The error a challenge answer becomes (the client decides: solve it, or cool the host down). */
type Challenged = (url: URL, status: number) => Error;

export const pageExpectation = (challenged: Challenged): Expectation<string> => ({
  accept: PAGE_ACCEPT,
  maxBytes: 10 * 1024 * 1024,
  read({ status, contentType, body }, url) {
    const html = body.toString('utf8');
    const problem = pageProblem(html);
    // Cloudflare answers challenges with 200 too; the body tells.
    if (problem === 'challenge') throw challenged(url, status);
    if (contentType && !/html/i.test(contentType)) {
      throw new UpstreamBadResponseError(`not HTML: ${contentType}`, url.href);
    }
    if (problem) throw new UpstreamBadResponseError(`${problem} page`, url.href);
    return html;
  },
});

export const imageExpectation = (challenged: Challenged): Expectation<UpstreamImage> => ({
  accept: IMAGE_ACCEPT,
  maxBytes: 50 * 1024 * 1024,
  read({ status, contentType, body }, url) {
    if (!/^image\//i.test(contentType)) {
      if (pageProblem(body.toString('utf8')) === 'challenge') throw challenged(url, status);
      throw new UpstreamBadResponseError(`not an image: ${contentType || 'no type'}`, url.href);
    }
    if (body.length === 0) throw new UpstreamBadResponseError('empty image', url.href);
    return { body, contentType };
  },
});
