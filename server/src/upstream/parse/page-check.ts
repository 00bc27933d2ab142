import { UpstreamBadResponseError } from '../errors';

/** Generic Cloudflare challenge markers. */
const CHALLENGE_MARKERS =
  /just a moment|cf-browser-verification|__cf_chl_|\/cdn-cgi\/challenge-platform/i;
/** Every real page has the content section; Cloudflare can inject its scripts into real pages too. */
const SITE_CONTENT = /id=["']?contentbody/i;

/** Cloudflare's block page, served to clients its bot management refuses outright. */
const BLOCK_MARKERS =
  /sorry, you have been blocked|cf-error-details|attention required! \| cloudflare/i;

/** Whether an error body is Cloudflare refusing the client (e.g. for its TLS fingerprint). */
export const isBlockPage = (html: string) => BLOCK_MARKERS.test(html) && !SITE_CONTENT.test(html);

export type PageProblem = 'challenge' | 'truncated';

/**
 * Why a body is not a page of the site, or null when it is one. A challenge or a cut-off
 * document must never be read as a valid page with nothing on it.
 */
export function pageProblem(html: string): PageProblem | null {
  if (CHALLENGE_MARKERS.test(html) && !SITE_CONTENT.test(html)) return 'challenge';
  if (!/<\/html\s*>/i.test(html)) return 'truncated';
  return null;
}

/** Parsers refuse non-pages, so an in-memory source cannot slip one past them either. */
export function assertSitePage(html: string): void {
  const problem = pageProblem(html);
  if (problem) throw new UpstreamBadResponseError(`${problem} page`);
}
