import { CDNI_BUCKETS, SMALL_HOSTS, THUMB_HOSTS, type HostName } from './hosts';
import type { Kind, ThumbGeneration } from './types';

/** Where the running replica lives; pages use these origins instead of the fancaps hosts. */
export interface Site {
  pageOrigin: string;
  hostOrigins: Record<HostName, string>;
}

export function thumbUrl(
  site: Site,
  kind: Kind,
  id: number | string,
  generation: ThumbGeneration,
): string {
  return `${site.hostOrigins[THUMB_HOSTS[kind][generation]]}/${id}.jpg`;
}

export function smallUrl(site: Site, kind: Kind, id: number | string): string {
  return `${site.hostOrigins[SMALL_HOSTS[kind]]}/${id}.jpg`;
}

export function originalUrl(site: Site, kind: Kind, id: number | string): string {
  return `${site.hostOrigins.cdni}/file/${CDNI_BUCKETS[kind]}/${id}.jpg`;
}

/** The app's upstream settings that point it at this replica (`{id}` is its placeholder). */
export function upstreamEnv(site: Site): Record<string, string> {
  const env: Record<string, string> = { UPSTREAM_BASE_URL: site.pageOrigin };
  const kinds: [Kind, string][] = [
    ['anime', 'ANIME'],
    ['tv', 'TV'],
    ['movie', 'MOVIE'],
  ];
  for (const [kind, suffix] of kinds) {
    env[`UPSTREAM_THUMB_URL_${suffix}`] = thumbUrl(site, kind, '{id}', 'new');
    env[`UPSTREAM_SMALL_URL_${suffix}`] = smallUrl(site, kind, '{id}');
    env[`UPSTREAM_LARGE_URL_${suffix}`] = originalUrl(site, kind, '{id}');
  }
  return env;
}
