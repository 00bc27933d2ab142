/**
 * What /open was handed, and whether it is the source site's. The page knows the source only
 * by its origin (the server's `source_origin`); which screen an address opens is the server's
 * call (see OpenPage), except the source's search, the one source page that carries `q`.
 */

/** An http(s) address inside shared text, up to a space, a quote or CJK punctuation. */
const IN_TEXT = /https?:\/\/[^\s<>"'`\u3000-\u303f\uff00-\uffef]+/i;
/** A host and a path typed without a scheme (`www.example.net/a/b`). */
const NO_SCHEME = /^(?:[a-z\d-]+\.)+[a-z]{2,}(?::\d+)?\/\S*$/i;
/** Sentence punctuation a shared text puts right after an address. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The fields that may hold the address: ours (`url`), then a share target's `text` and `title`. */
const FIELDS = ['url', 'text', 'title'] as const;

function addressIn(value: string): string | null {
  const found = IN_TEXT.exec(value);
  if (found) return found[0].replace(TRAILING, '');
  const trimmed = value.trim();
  return NO_SCHEME.test(trimmed) ? `https://${trimmed.replace(TRAILING, '')}` : null;
}

/** The first address in `url`, `text` or `title` (Android's share sheet puts it in `text`). */
export function findAddress(params: URLSearchParams): string | null {
  for (const field of FIELDS) {
    const value = params.get(field);
    const address = value ? addressIn(value) : null;
    if (address) return address;
  }
  return null;
}

/** What was shared when no address came (a title, some words): worth a search. */
export function sharedWords(params: URLSearchParams): string {
  const words = ['title', 'text', 'url'].map((field) => params.get(field)?.trim() ?? '');
  return [...new Set(words.filter(Boolean))].join(' ').slice(0, 200);
}

const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '');

/**
 * `address` on the source's own origin (`source`), or null when it is another site's: the same
 * host with or without `www.`, the same port, http or https. The path and query are kept and the
 * fragment dropped; the server's URL model still decides what the address is.
 */
export function onSource(address: string, source: string): URL | null {
  let url: URL;
  let origin: URL;
  try {
    url = new URL(address);
    origin = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (bareHost(url) !== bareHost(origin) || url.port !== origin.port) return null;
  // Set, not resolved: a path such as `//elsewhere/x` must not become another host.
  const rebased = new URL(origin.origin);
  rebased.pathname = url.pathname;
  rebased.search = url.search;
  return rebased;
}

/** The query of a source search address (its `q`), or null for any other page. */
export function searchQueryOf(url: URL): string | null {
  return url.searchParams.get('q')?.trim() || null;
}
