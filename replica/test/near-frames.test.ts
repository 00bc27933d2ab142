import { describe, expect, it } from 'vitest';
import { factsOf, hammingDistance } from '../../server/src/images/facts';
import { KEY_IDS, NEAR_FRAMES, showById, renderImage } from '../src';
import type { ImageSize } from '../src';

const frames = showById(KEY_IDS.nearFramesShow)!.episodes[0]!.imageIds;

/** The server's own hash of a frame, as a job or the grid filter computes it. */
async function hashOf(id: number, size: ImageSize): Promise<string> {
  const body = await renderImage('anime', id, size);
  return (await factsOf(body)).phash;
}

describe('near frames', () => {
  it.each(['thumb', 'small', 'large'] as const)(
    'are at the chosen difference-hash distances (%s)',
    async (size) => {
      const hashes = await Promise.all(frames.map((id) => hashOf(id, size)));
      for (const [a, first] of NEAR_FRAMES.entries())
        for (const [b, second] of NEAR_FRAMES.entries())
          expect(hammingDistance(hashes[a]!, hashes[b]!), `${first.name}–${second.name}`).toBe(
            Math.abs(first.flips - second.flips),
          );
    },
  );

  it('differ in bytes, even the identical ones', async () => {
    const [base, identical] = await Promise.all(
      frames.slice(0, 2).map((id) => renderImage('anime', id, 'thumb')),
    );
    expect(base!.equals(identical!)).toBe(false);
  });
});
