/**
 * Seven-segment glyphs drawn as SVG rectangles, so images show their id without depending on
 * whatever fonts the machine has (font rendering would make the bytes machine-specific).
 */
type Segment = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g';

const GLYPHS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abdeg',
  '3': 'abcdg',
  '4': 'bcfg',
  '5': 'acdfg',
  '6': 'acdefg',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
  A: 'abcefg',
  t: 'defg',
  F: 'aefg',
};

/** Segment rectangles [x, y, width, height] in a w×h box with stroke t. */
function segmentRect(
  s: Segment,
  w: number,
  h: number,
  t: number,
): [number, number, number, number] {
  const half = (h - 3 * t) / 2;
  switch (s) {
    case 'a':
      return [t, 0, w - 2 * t, t];
    case 'b':
      return [w - t, t, t, half];
    case 'c':
      return [w - t, (h + t) / 2, t, half];
    case 'd':
      return [t, h - t, w - 2 * t, t];
    case 'e':
      return [0, (h + t) / 2, t, half];
    case 'f':
      return [0, t, t, half];
    case 'g':
      return [t, (h - t) / 2, w - 2 * t, t];
  }
}

/** SVG rects for `text` laid out left to right from (x, y), each glyph w×h with a gap. */
export function glyphRects(
  text: string,
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
): string {
  const t = Math.max(1, Math.round(w * 0.18));
  const gap = Math.round(w * 0.35);
  return [...text]
    .flatMap((char, i) => {
      const left = x + i * (w + gap);
      return [...(GLYPHS[char] ?? '')].map((s) => {
        const [rx, ry, rw, rh] = segmentRect(s as Segment, w, h, t);
        return `<rect x="${left + rx}" y="${y + ry}" width="${rw}" height="${rh}" fill="${fill}"/>`;
      });
    })
    .join('');
}

/** Total width of `text` drawn by glyphRects with glyph width w. */
export function glyphsWidth(text: string, w: number): number {
  return text.length * w + (text.length - 1) * Math.round(w * 0.35);
}
