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
