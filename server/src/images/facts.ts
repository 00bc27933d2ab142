import { createHash } from 'node:crypto';
import { MEASURE_HEIGHT, MEASURE_WIDTH, measureGrey, type ImageMeasures } from './measures';

/**
 * What the bytes of one cached image are: computed once per file and stored with its row, with
 * the dataset filters' measures.
 */
export interface ImageFacts extends ImageMeasures {
  /** 64-bit difference hash as 16 hex digits. */
  phash: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
}

/**
 * A difference hash: the picture shrunk to 9×8 grey levels, one bit per pair of horizontal
 * neighbours (is the left one brighter?). Re-encoding and resizing barely move it; another scene
 * moves about half its bits.
 */
export async function factsOf(body: Buffer): Promise<ImageFacts> {
  // Loaded at the first image measured: libvips holds ~11 MB a server that never measures need not.
  const { default: sharp } = await import('sharp');
  const image = sharp(body, { failOn: 'none' });
  const [{ width, height }, grey, measured] = await Promise.all([
    image.metadata(),
    image.clone().grayscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer(),
    image
      .clone()
      .grayscale()
      .resize(MEASURE_WIDTH, MEASURE_HEIGHT, { fit: 'fill' })
      .raw()
      .toBuffer(),
  ]);
  let bits = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const left = grey[row * 9 + col]!;
      const right = grey[row * 9 + col + 1]!;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return {
    phash: bits.toString(16).padStart(16, '0'),
    width: width ?? 0,
    height: height ?? 0,
    bytes: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
    ...measureGrey(measured, MEASURE_WIDTH, MEASURE_HEIGHT),
  };
}

/** Bits that differ between two hashes (0 = same picture, 64 = opposite). */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
