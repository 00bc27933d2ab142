import { existsSync } from 'node:fs';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp } from './support/browse';

describe(`closing an app (${databaseKind})`, () => {
  it('waits for an image fetch under way, so nothing is written after its data directory goes', async () => {
    const t = await startBrowseApp();
    t.replica.setFault('ant', { type: 'slow', delayMs: 400 });
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[0]!;
    // Started and let go, as a download job's look-ahead or a closed request leaves one.
    let settled = false;
    void t.services.images
      .get('anime', id, 'thumb')
      .finally(() => (settled = true))
      .catch(() => undefined);
    while (t.replica.counts().total === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await t.close();
    expect(settled).toBe(true);
    expect(existsSync(t.dataDir)).toBe(false);
  });
});
