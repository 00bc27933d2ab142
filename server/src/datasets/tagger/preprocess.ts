/**
 * An image as the WD14 taggers take it (SmilingWolf's wd-v1-4 and wd-*-tagger-v3, as their own
 * demo prepares it): transparency on white, padded to a square with white (centred), resized to
 * the model's input size with a cubic filter, then NHWC float32 in BGR order, 0–255, unscaled.
 */
export async function taggerInput(file: string | Buffer, size: number): Promise<Float32Array> {
  // Loaded with the tagger, not at start (libvips holds ~11 MB).
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(file)
    .flatten({ background: '#ffffff' })
    .resize(size, size, { fit: 'contain', background: '#ffffff', kernel: 'cubic' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const input = new Float32Array(pixels * 3);
  for (let p = 0; p < pixels; p++) {
    input[p * 3] = data[p * 3 + 2]!;
    input[p * 3 + 1] = data[p * 3 + 1]!;
    input[p * 3 + 2] = data[p * 3]!;
  }
  return input;
}
