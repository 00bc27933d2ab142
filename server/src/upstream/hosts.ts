import type { ImageUrlTemplates, Kind } from '../config';
import { idFromImageFile, toId } from './ids';

/** The settings that decide which hosts are the site's. */
export interface HostSettings {
  baseUrl: string;
  imageUrls: ImageUrlTemplates;
}

/** Thumbnail and CDN host names, old and new, by their first label (`animethumbs2.` included). */
const IMAGE_HOST_KINDS: [RegExp, Kind][] = [
  [/^(?:animethumbs\d*|ant|ancdn)$/, 'anime'],
  [/^(?:tvthumbs\d*|tvt|tvcdn)$/, 'tv'],
  [/^(?:moviethumbs\d*|mvt|mvcdn)$/, 'movie'],
];

/** Thumbnail hosts, old and new generation. */
const THUMB_LABEL = /^(?:animethumbs\d*|ant|tvthumbs\d*|tvt|moviethumbs\d*|mvt)$/;

/** Full-size originals: `cdni.fancaps.net/file/fancaps-<kind>images/<id>.jpg`. */
const ORIGINALS_PATH = /^\/file\/fancaps-(anime|tv|movie)images\/([^/]+)$/;

function isFancapsHost(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return url.port === '' && (host === 'fancaps.net' || host.endsWith('.fancaps.net'));
}

function templateHost(template: string): string {
  return new URL(template.replace('{id}', '1')).host;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches `<origin><path>` against a configured `{id}` template. */
function templatePattern(template: string): RegExp {
  const [before = '', after = ''] = template.split('{id}');
  return new RegExp(`^${escapeRegExp(before)}(\\d+)${escapeRegExp(after)}$`, 'i');
}

export interface ImageMatch {
  kind: Kind | null;
  id: number;
}

export interface SiteHosts {
  /** fancaps.net, its subdomains (default port only) and every configured host:port. */
  isAllowed(url: URL): boolean;
  /** The image a thumbnail/CDN/configured image URL points at, or null when it is no image URL. */
  image(url: URL): ImageMatch | null;
}

export function createSiteHosts(settings: HostSettings): SiteHosts {
  const templates = Object.values(settings.imageUrls).flatMap((byKind) =>
    (Object.entries(byKind) as [Kind, string][]).map(([kind, template]) => ({
      kind,
      host: templateHost(template),
      pattern: templatePattern(template),
    })),
  );
  const configuredHosts = new Set([
    new URL(settings.baseUrl).host,
    ...templates.map((t) => t.host),
  ]);
  return {
    isAllowed: (url) => isFancapsHost(url) || configuredHosts.has(url.host),
    image(url) {
      const target = `${url.protocol}//${url.host}${url.pathname}`;
      for (const { kind, pattern } of templates) {
        const id = toId(pattern.exec(target)?.[1]);
        if (id !== null) return { kind, id };
      }
      return imageFromKnownHosts(url);
    },
  };
}

/** Recognises the site's own image hosts even when the configured templates point elsewhere. */
export function imageFromKnownHosts(url: URL): ImageMatch | null {
  const originals = ORIGINALS_PATH.exec(url.pathname);
  if (originals) {
    const id = idFromImageFile(originals[2]);
    return id === null ? null : { kind: originals[1] as Kind, id };
  }
  const id = idFromImageFile(url.pathname.match(/^\/([^/]+)$/)?.[1]);
  if (id === null) return null;
  const label = url.hostname.toLowerCase().split('.')[0] ?? '';
  const kind = isFancapsHost(url)
    ? (IMAGE_HOST_KINDS.find(([pattern]) => pattern.test(label))?.[1] ?? null)
    : null;
  return { kind, id };
}

/** Which pace a host keeps: the site's pages, thumbnails, or full-size (compressed and original) images. */
export type HostPace = 'pages' | 'thumbs' | 'full';

export function hostPace(host: string, settings: HostSettings): HostPace {
  if (host === new URL(settings.baseUrl).host) return 'pages';
  const thumbHosts = Object.values(settings.imageUrls.thumb).map(templateHost);
  const label = host.toLowerCase().split('.')[0] ?? '';
  return thumbHosts.includes(host) || THUMB_LABEL.test(label) ? 'thumbs' : 'full';
}
