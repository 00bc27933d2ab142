import type { DatasetFrame } from '../dataset-show';
import { cellLevels, lehmer } from './hash-pattern';

/** A scene's own hash bits and the order its bits flip in, from its name. */
function sceneBits(scene: string): { bits: boolean[]; flipOrder: number[] } {
  let seed = 17;
  for (const char of scene) seed = (seed * 31 + char.charCodeAt(0)) % 2147483647;
  const next = lehmer(seed || 1);
  for (let i = 0; i < 8; i++) next();
  const bits = Array.from({ length: 64 }, () => next() % 2 === 1);
  const flipOrder = Array.from({ length: 64 }, (_, i) => i);
  for (let i = flipOrder.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [flipOrder[i], flipOrder[j]] = [flipOrder[j]!, flipOrder[i]!];
  }
  return { bits, flipOrder };
}

const CELL_W = 1920 / 9;
const CELL_H = 135;

/**
 * One frame of the dataset show on the 1920×1080 canvas: the scene's 9×8 grey cells (which fix
 * its difference hash) with the same line drawing in every cell (edges for the sharpness measure,
 * shifting every cell alike so the hash stays). Dark frames scale the levels to near black, blank
 * ones are one flat grey, blurry ones are blurred well past the line drawing.
 */
export function datasetFrameSvg(frame: DatasetFrame, width: number, height: number, mark: number) {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1920 1080">`;
  if (frame.look === 'blank') {
    const level = 90 + (mark % 7) * 3;
    return `${open}<rect width="1920" height="1080" fill="rgb(${level},${level},${level})"/></svg>`;
  }
  const { bits, flipOrder } = sceneBits(frame.scene);
  const flipped = new Set(flipOrder.slice(0, frame.flips));
  const scale = frame.look === 'dark' ? 0.12 : 1;
  const cells = cellLevels(bits.map((bit, i) => (flipped.has(i) ? !bit : bit)))
    .flatMap((levels, row) =>
      levels.map((raw, col) => {
        const level = Math.round(raw * scale);
        return `<rect x="${(col * CELL_W).toFixed(2)}" y="${row * CELL_H}" width="${(CELL_W + 1).toFixed(2)}" height="${CELL_H}" fill="rgb(${level},${level},${level})"/>`;
      }),
    )
    .join('');
  const drawing =
    frame.look === 'sharp'
      ? Array.from({ length: 72 }, (_, i) => {
          const x = (i % 9) * CELL_W + CELL_W / 2;
          const y = Math.floor(i / 9) * CELL_H + CELL_H / 2;
          return `<circle cx="${x.toFixed(1)}" cy="${y}" r="38" fill="none" stroke="#000" stroke-opacity="0.55" stroke-width="7"/><path d="M${(x - 70).toFixed(1)} ${y + 50}L${(x + 70).toFixed(1)} ${y - 50}" stroke="#000" stroke-opacity="0.55" stroke-width="7"/>`;
        }).join('')
      : '';
  const blur =
    frame.look === 'blurry'
      ? '<defs><filter id="b" x="0" y="0" width="1" height="1"><feGaussianBlur stdDeviation="36"/></filter></defs>'
      : '';
  // A tiny mark of the frame's own (a few pixels at the corner) makes each frame's bytes its own.
  return `${open}${blur}<g${blur ? ' filter="url(#b)"' : ''}>${cells}${drawing}</g><rect x="${4 + (mark % 50) * 2}" y="1074" width="2" height="2" fill="rgb(${scale === 1 ? 200 : 20},0,0)"/></svg>`;
}
