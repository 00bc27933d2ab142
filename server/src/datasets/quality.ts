import type { QualityFilter } from '@capshelf/contract';
import type { ImageMeasures } from '../images/measures';

/**
 * Default thresholds (docs/api.md, "Dataset filters"): a frame is dark below a mean luminance of
 * 24 (a black or fading transition), blank below a deviation of 6 (a flat card, whatever its
 * colour), blurry below a Laplacian variance of 40 (sharp line art measures in the hundreds).
 */
export const QUALITY_THRESHOLDS = { dark: 24, blank: 6, blurry: 40 } as const;

/** Filters in the order a frame's reason is told: a black frame is dark before it is blank. */
export const QUALITY_ORDER: readonly QualityFilter[] = ['dark', 'blank', 'blurry'];

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
