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
