/**
 * File and folder names made of untrusted text (titles scraped from a website, user names) that
 * are valid, and mean the same file, on Windows, macOS and Linux: the library folder may be
 * shared over SMB or synced to any of them.
 */

/** Longest name kept, in UTF-8 bytes: well under the 255-byte limit of ext4, APFS and NTFS. */
export const MAX_SEGMENT_BYTES = 120;
/** An extension longer than this is not one worth keeping when a name is cut. */
const MAX_EXTENSION_CHARS = 8;

/**
 * Removed outright: C0 and C1 controls; bidirectional and invisible formatting characters (an
 * RTL override makes `gpj.exe` read as `exe.jpg`, zero-width characters make two names look
 * alike); characters Windows refuses in names (`/` and `\` also separate paths); and unpaired
 * surrogates, which UTF-8 cannot encode (with the `u` flag the range matches only lone ones).
 */
const REMOVED =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u061c<>:"/\\|?*\ud800-\udfff]/gu;

/**
 * Windows device names, whatever follows them after a dot (`con.txt` is the console too), with
 * or without spaces before that dot, and the superscript-digit ports Windows also reserves.
 */
const RESERVED = /^(CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|COM[0-9¹²³]|LPT[0-9¹²³])(?= *(\.|$))/iu;

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * One path segment safe on Windows, macOS and Linux, or `fallback` when nothing usable is left
 * (empty, `.` or `..`). At most {@link MAX_SEGMENT_BYTES} UTF-8 bytes; a short extension survives
 * the cut.
 */
export function safeSegment(name: string, fallback: string): string {
  return cleaned(name) || cleaned(fallback) || '_';
}

/**
 * Each segment of a relative path (split on `/` and `\`) made safe; `..`, `.` and empty segments
 * become `_` instead of vanishing, so the depth of the layout the caller meant is kept.
 */
export function safeRelativePath(path: string): string[] {
  return path.split(/[/\\]/).map((segment) => safeSegment(segment, '_'));
}

/**
 * `name` with ` (n)` before its extension, still within the byte limit: the stem is cut, never
 * the number, or two numbered names cut back to one would collide again.
 */
export function numberedSegment(name: string, n: number): string {
  const { stem, extension } = splitExtension(name);
  const suffix = ` (${n})${extension}`;
  return `${cutToBytes(stem, MAX_SEGMENT_BYTES - bytesOf(suffix))}${suffix}`;
}

/** `name~tag`, still within the byte limit (the name is cut, never the tag). */
export function taggedSegment(name: string, tag: string): string {
  const suffix = `~${tag}`;
  return `${cutToBytes(name, MAX_SEGMENT_BYTES - bytesOf(suffix))}${suffix}`;
}

/** The name made safe, or '' when nothing usable is left. */
function cleaned(name: string): string {
  // Removal comes before NFC: a removed character may have stood between a letter and its mark.
  const plain = trimEnds(name.replace(REMOVED, '').normalize('NFC').replace(/\s+/gu, ' '));
  // `.` and `..` end in dots, so they are '' by now, as is any name of dots and spaces only.
  return trimEnds(fitBytes(plain.replace(RESERVED, '$1_')));
}

/**
 * Leading and trailing spaces, and trailing dots: Windows drops trailing ones, so `a.` and `a`
 * would be one file there, and a name of dots only would name the folder itself or its parent.
 */
function trimEnds(name: string): string {
  return name.replace(/^ +/u, '').replace(/[ .]+$/u, '');
}

/** The name within the byte limit, its extension kept when it has a short one. */
function fitBytes(name: string): string {
  if (bytesOf(name) <= MAX_SEGMENT_BYTES) return name;
  const { stem, extension } = splitExtension(name);
  // A space or dot the cut leaves before the extension would look like a typo in the name.
  const kept = cutToBytes(stem, MAX_SEGMENT_BYTES - bytesOf(extension)).replace(/[ .]+$/u, '');
  return kept + extension;
}

/** `photo.jpeg` → `photo` + `.jpeg`; no extension when it is long, or the name is only one. */
function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  const length = dot > 0 ? [...name.slice(dot + 1)].length : 0;
  if (length === 0 || length > MAX_EXTENSION_CHARS) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` within `budget` bytes, cut between user-perceived characters: a
 * surrogate pair, or a letter and its combining marks, is never split, unless the first such
 * character alone is over the budget (a letter under a hundred marks): then code points.
 */
function cutToBytes(text: string, budget: number): string {
  let used = 0;
  let end = 0;
  for (const { segment } of graphemes.segment(text)) {
    used += bytesOf(segment);
    if (used > budget) break;
    end += segment.length;
  }
  return end > 0 ? text.slice(0, end) : cutCodePoints(text, budget);
}

function cutCodePoints(text: string, budget: number): string {
  let used = 0;
  let end = 0;
  for (const point of text) {
    used += bytesOf(point);
    if (used > budget) break;
    end += point.length;
  }
  return text.slice(0, end);
}
