import { describe, expect, it } from 'vitest';
import { factsOf, hammingDistance } from '../../server/src/images/facts';
import { QUALITY_THRESHOLDS } from '../../server/src/datasets/quality';
import { datasetFrameOf, KEY_IDS, renderImage, showById } from '../src';

const ids = showById(KEY_IDS.datasetShow)!.episodes.flatMap((e) => e.imageIds);

describe('Dataset Drill frames', () => {
  it.each(['thumb', 'large'] as const)(
    'measure as they look and repeat as they were built (%s)',
    async (size) => {
      const frames = await Promise.all(
        ids.map(async (id) => {
          const body = await renderImage('anime', id, size);
          return { ...datasetFrameOf('anime', id)!, facts: await factsOf(body) };
        }),
      );
      for (const { look, scene, facts } of frames) {
        const what = `${scene} (${look})`;
        expect(facts.luma < QUALITY_THRESHOLDS.dark, what).toBe(look === 'dark');
        if (look !== 'dark')
          expect(facts.contrast < QUALITY_THRESHOLDS.blank, what).toBe(look === 'blank');
        if (look === 'sharp' || look === 'blurry')
          expect(facts.sharpness < QUALITY_THRESHOLDS.blurry, what).toBe(look === 'blurry');
      }
      // A scene's frames are its flips apart; other scenes' sharp frames are far.
      for (const a of frames)
        for (const b of frames) {
          if (a.look !== 'sharp' || b.look !== 'sharp') continue;
          const distance = hammingDistance(a.facts.phash, b.facts.phash);
          if (a.scene === b.scene) expect(distance).toBe(Math.abs(a.flips - b.flips));
          else expect(distance, `${a.scene}–${b.scene}`).toBeGreaterThan(16);
        }
    },
  );
});
