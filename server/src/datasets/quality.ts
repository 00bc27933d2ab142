import type { QualityFilter } from '@capshelf/contract';

/**
 * What the quality filters look at, measured once per image on a 320×180 grey copy (the size of a
 * thumbnail, so every size of one picture measures alike) and stored beside its hash.
 */
export interface ImageMeasures {
  /** Mean luminance, 0–255. */
  luma: number;
  /** Standard deviation of luminance: how much the picture varies at all. */
  contrast: number;
  /** Variance of the Laplacian: how much fine edge there is (low: blurred). */
  sharpness: number;
}

export const MEASURE_WIDTH = 320;
export const MEASURE_HEIGHT = 180;

/**
 * Default thresholds (docs/api.md, "Dataset filters"): a frame is dark below a mean luminance of
 * 24 (a black or fading transition), blank below a deviation of 6 (a flat card, whatever its
 * colour), blurry below a Laplacian variance of 40 (sharp line art measures in the hundreds).
 */
export const QUALITY_THRESHOLDS = { dark: 24, blank: 6, blurry: 40 } as const;

/** Filters in the order a frame's reason is told: a black frame is dark before it is blank. */
export const QUALITY_ORDER: readonly QualityFilter[] = ['dark', 'blank', 'blurry'];

/** Mean, deviation and Laplacian variance of a grey raw buffer of `width`×`height`. */
export function measureGrey(grey: Uint8Array, width: number, height: number): ImageMeasures {
  let sum = 0;
  let squares = 0;
  for (const level of grey) {
    sum += level;
    squares += level * level;
  }
  const count = grey.length;
  const luma = sum / count;
  const contrast = Math.sqrt(Math.max(0, squares / count - luma * luma));
  // 4-neighbour Laplacian over the inner pixels.
  let lapSum = 0;
  let lapSquares = 0;
  let inner = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      lapSum += lap;
      lapSquares += lap * lap;
      inner++;
    }
  }
  const lapMean = inner ? lapSum / inner : 0;
  const sharpness = inner ? lapSquares / inner - lapMean * lapMean : 0;
  return { luma: round(luma), contrast: round(contrast), sharpness: round(sharpness) };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A frame too dark or too flat has no edges to lose: it is dark or blank, never blurry. */
function judged(measures: ImageMeasures): boolean {
  return measures.luma >= QUALITY_THRESHOLDS.dark && measures.contrast >= QUALITY_THRESHOLDS.blank;
}

/** The first filter (of those asked for) that the frame fails, or null. */
export function qualityReason(
  measures: ImageMeasures,
  filters: readonly QualityFilter[],
): QualityFilter | null {
  for (const filter of QUALITY_ORDER) {
    if (!filters.includes(filter)) continue;
    if (filter === 'dark' && measures.luma < QUALITY_THRESHOLDS.dark) return filter;
    if (filter === 'blank' && measures.contrast < QUALITY_THRESHOLDS.blank) return filter;
    if (filter === 'blurry' && measures.sharpness < QUALITY_THRESHOLDS.blurry && judged(measures))
      return filter;
  }
  return null;
}
