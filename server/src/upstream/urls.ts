import type { Kind } from '../config';
import type { HostSettings, ImageMatch, SiteHosts } from './hosts';
import { createSiteHosts, imageFromKnownHosts } from './hosts';
import {
  idFromImageQuery,
  idFromMovieQuery,
  idFromPictureQuery,
  idFromSeriesQuery,
  toId,
} from './ids';
import type { EpisodeRef, MovieRef, UpstreamRef, WorkRef } from './refs';
import { isSeriesKind, kindFromSegment } from './refs';

export type UrlRefusal =
  | 'malformed' // not a URL at all, or whitespace/control characters inside
  | 'scheme' // anything but http(s)
  | 'userinfo' // `https://fancaps.net@evil.com/` and friends
  | 'host' // not the site's host nor a configured one
  | 'suspicious' // encoded separators or `..`, which could smuggle a path into an id
  | 'unrecognised' // a site URL, but not a work, episode, movie or image
  | 'no-kind'; // a relative form whose kind is neither in the path nor given

export type UrlParseResult = { ok: true; ref: UpstreamRef } | { ok: false; reason: UrlRefusal };

export interface ParseOptions {
  /** Kind for forms that do not carry one (a bare query part, `episodeimages.php?…` without `/anime/`). */
  kind?: Kind;
  /** What relative links are relative to; defaults to the base URL's root. */
  relativeTo?: string;
}

const SUSPICIOUS = /%2f|%5c|%2e|%00|\.\./i;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** A bare query part such as `10435-Non_Non_Biyori/Episode_1`: it starts with the id. */
const BARE_QUERY = /^\d/;

/** What a link points at, before the kind is known to be valid for that type. */
export interface SiteLink {
  type: UpstreamRef['type'];
  kind: Kind | null;
  id: number;
}

/**
 * What a site URL points at, judged from its path and query only (no host checks: callers do
 * those). The kind comes from the directory (`/anime/`, `/tv/`, `/movies/`), else the fallback.
 */
function classify(url: URL, fallbackKind: Kind | null, image: ImageMatch | null): SiteLink | null {
  const segments = url.pathname.split('/').filter(Boolean);
  const file = segments.at(-1)?.toLowerCase();
  const kind = kindFromSegment(segments.at(-2)) ?? fallbackKind;
  const query = url.search.slice(1);
  const link = (type: SiteLink['type'], id: number | null, linkKind = kind) =>
    id === null ? null : { type, kind: linkKind, id };
  switch (file) {
    case 'showimages.php':
      return link('work', idFromSeriesQuery(query));
    case 'episodeimages.php':
      return link('episode', idFromSeriesQuery(query));
    case 'movieimages.php':
      return link('movie', idFromMovieQuery(query), 'movie');
    case 'picture.php':
      return link('image', idFromPictureQuery(query));
    case 'image.php':
      // Only movie pages link single images as `Image.php?imageid=`.
      return link('image', idFromImageQuery(query), kind ?? 'movie');
    default:
      return image && { type: 'image', ...image };
  }
}

/** A typed ref from a link, or why not: works and episodes exist only for anime and TV. */
function toUpstreamRef(link: SiteLink): UpstreamRef | 'no-kind' {
  const { type, kind, id } = link;
  switch (type) {
    case 'work':
    case 'episode':
      return isSeriesKind(kind) ? { type, kind, id } : 'no-kind';
    case 'movie':
      return { type, kind: 'movie', id };
    case 'image':
      return { type, kind, id };
  }
}

/** A work, movie or episode from a bare query part plus its kind (the API's wire form). */
export function refFromQueryPart(
  part: string,
  kind: Kind,
  type: 'work' | 'episode',
): WorkRef | MovieRef | EpisodeRef | null {
  if (SUSPICIOUS.test(part) || /[\s\\#?]/.test(part)) return null;
  if (kind === 'movie') {
    const id = idFromMovieQuery(part) ?? toId(part);
    return id === null ? null : { type: 'movie', kind, id };
  }
  const id = idFromSeriesQuery(part);
  return id === null ? null : { type, kind, id };
}

export interface UrlModel {
  /** Parses any user- or site-supplied URL; refuses everything that is not the site's. */
  parse(input: string, options?: ParseOptions): UrlParseResult;
  /** `parse` for callers that only need the ref. */
  toRef(input: string, options?: ParseOptions): UpstreamRef | null;
  isAllowed(url: string | URL): boolean;
}

export function createUrlModel(settings: HostSettings): UrlModel {
  const hosts: SiteHosts = createSiteHosts(settings);
  const root = `${settings.baseUrl.replace(/\/+$/, '')}/`;

  function parse(input: string, options: ParseOptions = {}): UrlParseResult {
    const text = input.trim();
    const fallbackKind = options.kind ?? null;
    if (text === '' || /[\s\\\p{Cc}]/u.test(text)) return { ok: false, reason: 'malformed' };
    if (SUSPICIOUS.test(text)) return { ok: false, reason: 'suspicious' };
    if (BARE_QUERY.test(text)) {
      if (fallbackKind === null) return { ok: false, reason: 'no-kind' };
      const ref = refFromQueryPart(text, fallbackKind, text.includes('/') ? 'episode' : 'work');
      return ref ? { ok: true, ref } : { ok: false, reason: 'unrecognised' };
    }
    if (HAS_SCHEME.test(text) && !/^https?:/i.test(text)) return { ok: false, reason: 'scheme' };
    let url: URL;
    try {
      url = new URL(text, options.relativeTo ?? root);
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, reason: 'scheme' };
    if (url.username || url.password) return { ok: false, reason: 'userinfo' };
    if (!hosts.isAllowed(url)) return { ok: false, reason: 'host' };
    const link = classify(url, fallbackKind, hosts.image(url));
    if (!link) return { ok: false, reason: 'unrecognised' };
    const ref = toUpstreamRef(link);
    return ref === 'no-kind' ? { ok: false, reason: ref } : { ok: true, ref };
  }

  return {
    parse,
    toRef: (input, options) => {
      const result = parse(input, options);
      return result.ok ? result.ref : null;
    },
    isAllowed(url) {
      try {
        const parsed = typeof url === 'string' ? new URL(url) : url;
        return (
          (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
          !parsed.username &&
          !parsed.password &&
          hosts.isAllowed(parsed)
        );
      } catch {
        return false;
      }
    },
  };
}

/** The site's own links never need a host check: pages come from the site. */
const LINK_BASE = 'https://fancaps.net/';

/**
 * Reads an href found in a page (absolute, root-relative or relative to `pageDir`, e.g.
 * `https://fancaps.net/movies/`). Lenient on hosts, so pages served by a stand-in still parse.
 */
export function readLink(href: string, pageDir = LINK_BASE): SiteLink | null {
  try {
    const url = new URL(href.trim(), pageDir);
    return classify(url, null, imageFromKnownHosts(url));
  } catch {
    return null;
  }
}
