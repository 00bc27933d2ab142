/** Parses sizes such as `512KB`, `50GB`, `2 gb`, `1.5TB` into bytes (powers of 1024). A bare number is bytes. */
const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
  tb: 1024 ** 4,
};

export function parseSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(text);
  if (!match) return null;
  const unit = (match[2] ?? 'b').toLowerCase();
  return Math.round(Number(match[1]) * (UNIT_BYTES[unit] ?? 1));
}
