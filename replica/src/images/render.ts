import sharp from 'sharp';
import { datasetFrameOf, nearFrameOf, sceneOf } from '../catalogue';
import { datasetFrameSvg } from './dataset-frame';
import { nearFrameSvg } from './hash-pattern';
import type { ImageSize, Kind } from '../types';
import { glyphRects, glyphsWidth } from './segments';

export const IMAGE_DIMENSIONS: Record<ImageSize, { width: number; height: number }> = {
  thumb: { width: 320, height: 180 },
  small: { width: 960, height: 540 },
  large: { width: 1920, height: 1080 },
};

const KIND_STYLE: Record<Kind, { background: string; letter: string }> = {
  anime: { background: '#d9731c', letter: 'A' },
  tv: { background: '#2a67b0', letter: 't' },
  movie: { background: '#7a3b9e', letter: 'F' },
};

const SIZE_MARKS: Record<ImageSize, number> = { thumb: 1, small: 2, large: 3 };

/**
 * A scene's frames: nine grey stripes whose levels follow the scene (so two scenes' difference
 * hashes differ in about half their bits), with a small mark that moves a little per frame (so
 * frames differ in bytes, not in picture).
 */
function sceneSvg(scene: number, frame: number, size: ImageSize): string {
  const { width, height } = IMAGE_DIMENSIONS[size];
  let seed = (scene + 1) * 7919;
  const stripes = Array.from({ length: 9 }, (_, i) => {
    seed = (seed * 48271) % 2147483647;
    const level = 40 + (seed % 180);
    return `<rect x="${i * 214}" y="0" width="214" height="1080" fill="rgb(${level},${level},${level})"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1920 1080">
<rect width="1920" height="1080" fill="#808080"/>
${stripes}
<rect x="${40 + frame * 12}" y="1000" width="40" height="40" fill="#ffffff"/>
</svg>`;
}

/** Drawn on a 1920×1080 canvas and scaled, so every size shows the same picture. */
function svg(kind: Kind, id: number, size: ImageSize): string {
  const scene = sceneOf(kind, id);
  if (scene) return sceneSvg(scene.scene, scene.frame, size);
  const { width, height } = IMAGE_DIMENSIONS[size];
  const nearFrame = nearFrameOf(kind, id);
  if (nearFrame !== null) return nearFrameSvg(nearFrame, width, height);
  const datasetFrame = datasetFrameOf(kind, id);
  if (datasetFrame) return datasetFrameSvg(datasetFrame, width, height, id);
  const style = KIND_STYLE[kind];
  const digits = String(id);
  const glyphW = Math.min(180, Math.floor(1600 / (digits.length * 1.35)));
  const glyphH = glyphW * 2;
  const left = (1920 - glyphsWidth(digits, glyphW)) / 2;
  const top = (1080 - glyphH) / 2;
  // A band whose position follows the id, so neighbouring frames look different.
  const bandX = (id % 10) * 192;
  const marks = Array.from(
    { length: SIZE_MARKS[size] },
    (_, i) => `<rect x="${1780 - i * 110}" y="930" width="80" height="80" fill="#ffffff"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1920 1080">
<rect width="1920" height="1080" fill="${style.background}"/>
<rect x="${bandX}" y="0" width="192" height="1080" fill="#000000" fill-opacity="0.18"/>
<rect x="${left - 60}" y="${top - 60}" width="${glyphsWidth(digits, glyphW) + 120}" height="${glyphH + 120}" fill="#000000" fill-opacity="0.35"/>
${glyphRects(style.letter, 70, 70, 90, 180, '#ffffff')}
${glyphRects(digits, left, top, glyphW, glyphH, '#ffffff')}
${marks}
</svg>`;
}

async function draw(kind: Kind, id: number, size: ImageSize): Promise<Buffer> {
  return sharp(Buffer.from(svg(kind, id, size)))
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Rendering a large image costs tens of milliseconds; keep recent ones, bounded by bytes. */
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, Buffer>();
const pending = new Map<string, Promise<Buffer>>();
let cachedBytes = 0;

function remember(key: string, bytes: Buffer): void {
  cache.set(key, bytes);
  cachedBytes += bytes.length;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_LIMIT_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.length;
  }
}

/** Deterministic JPEG bytes for (kind, id, size), whether or not the id is in the catalogue. */
export function renderImage(kind: Kind, id: number, size: ImageSize): Promise<Buffer> {
  const key = `${kind}:${id}:${size}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-insert to mark as recently used (Map keeps insertion order).
    cache.delete(key);
    cache.set(key, hit);
    return Promise.resolve(hit);
  }
  let job = pending.get(key);
  if (!job) {
    job = draw(kind, id, size)
      .then((bytes) => {
        remember(key, bytes);
        return bytes;
      })
      .finally(() => pending.delete(key));
    pending.set(key, job);
  }
  return job;
}
