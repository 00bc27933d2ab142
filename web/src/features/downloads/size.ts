import { useMemo } from 'react';
import { DownloadSize, type Kind } from '@capshelf/contract';
import { useCdnStatus } from '../../api';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/**
 * Bytes in binary units with the number written the way `lng` writes numbers ("1.50 KB",
 * "12.3 MB"): the digits of the contract's `humanSize`, so the zh-CN text is the same as the
 * server's `size_human`.
 */
export function formatBytes(bytes: number, lng: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : 1;
  const number = new Intl.NumberFormat(lng, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** What every host can deliver, offered until the server's answer says more. */
const ALWAYS: DownloadSize[] = ['original', 'thumb'];

/**
 * The sizes a download of images of these kinds may hold, as the server's hosts deliver them
 * (`download_sizes` of /images/cdn-status): only what every kind has, so a choice never means two
 * things in one ZIP. `preferred` is the default: 压缩图 under the small-CDN preference where a
 * compressed host exists, else 原图.
 */
export function useDownloadSizes(kinds: readonly Kind[]): {
  offered: DownloadSize[];
  preferred: DownloadSize;
} {
  const { data } = useCdnStatus();
  const key = [...new Set(kinds)].sort().join(',');
  return useMemo(() => {
    if (!data) return { offered: ALWAYS, preferred: 'original' };
    const present = key ? (key.split(',') as Kind[]) : (['anime'] as Kind[]);
    const offered = DownloadSize.options.filter((size) =>
      present.every((kind) => data.download_sizes[kind].includes(size)),
    );
    const compressed = data.use_small_cdn_only && offered.includes('compressed');
    return { offered, preferred: compressed ? 'compressed' : 'original' };
  }, [data, key]);
}

/** The size a download takes: the user's choice while it is offered, else the default. */
export function sizeInEffect(
  sizes: { offered: DownloadSize[]; preferred: DownloadSize },
  chosen: DownloadSize | null,
): DownloadSize {
  return chosen && sizes.offered.includes(chosen) ? chosen : sizes.preferred;
}
