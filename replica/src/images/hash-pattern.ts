import { NEAR_FRAMES } from '../catalogue';

/** A Lehmer generator: the base hash and the flip order are the same on every run. */
export function lehmer(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647);
}

const next = lehmer(20261126);
const BASE_BITS = Array.from({ length: 64 }, () => next() % 2 === 1);
const FLIP_ORDER = Array.from({ length: 64 }, (_, i) => i);
for (let i = FLIP_ORDER.length - 1; i > 0; i--) {
  const j = next() % (i + 1);
  [FLIP_ORDER[i], FLIP_ORDER[j]] = [FLIP_ORDER[j]!, FLIP_ORDER[i]!];
}

/** Grey levels between neighbouring cells: wide enough to survive JPEG and the hash's resize. */
const STEP = 26;
const LOWEST = 24;

/**
 * A difference hash shrinks the picture to 9×8 grey cells and takes one bit per pair of
 * horizontal neighbours (is the left one brighter?). Drawing exactly such a grid, each row's levels
 * stepping down for a 1 and up for a 0, gives a picture with the chosen hash.
 */
export function cellLevels(bits: readonly boolean[]): number[][] {
  return Array.from({ length: 8 }, (_, row) => {
    const levels = [0];
    for (let col = 0; col < 8; col++)
      levels.push(levels[col]! + (bits[row * 8 + col] ? -STEP : STEP));
    const lowest = Math.min(...levels);
    return levels.map((level) => level - lowest + LOWEST);
  });
}

/** NEAR_FRAMES[frame] drawn on the 1920×1080 canvas; a tiny mark makes each frame's bytes its own. */
export function nearFrameSvg(frame: number, width: number, height: number): string {
  const flipped = new Set(FLIP_ORDER.slice(0, NEAR_FRAMES[frame]!.flips));
  const bits = BASE_BITS.map((bit, i) => (flipped.has(i) ? !bit : bit));
  const cellWidth = 1920 / 9;
  const cells = cellLevels(bits).flatMap((levels, row) =>
    levels.map(
      (level, col) =>
        `<rect x="${(col * cellWidth).toFixed(2)}" y="${row * 135}" width="${(cellWidth + 1).toFixed(2)}" height="135" fill="rgb(${level},${level},${level})"/>`,
    ),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1920 1080">
${cells.join('\n')}
<rect x="${8 + frame * 8}" y="8" width="6" height="6" fill="#ffffff"/>
</svg>`;
}
