import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KEY_IDS, showById } from '@capshelf/replica';
import { afterAll, beforeAll, expect } from 'vitest';
import { startBrowseApp, type BrowseApp } from './browse';
import { writeTinyTagger } from './tiny-tagger';
import { finished, startWork, zipOf } from './work-jobs';

/** The replica's dataset show, whose frames the tiny tagger tells apart by colour. */
export const taggedShow = showById(KEY_IDS.datasetShow)!;
export const taggedIds = taggedShow.episodes.flatMap((e) => e.imageIds);

/** A frame's id from its archive entry (`…/<id>.jpg` or its caption `…/<id>.txt`). */
export const idOfEntry = (name: string) =>
  Number(path.posix.basename(name).replace(/\.(jpg|txt)$/, ''));

/** An app with the tests' tiny WD14 tagger for the file's tests; `app()` once `beforeAll` ran. */
export function withTaggedApp(prefix: string): () => BrowseApp {
  let t: BrowseApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), `capshelf-${prefix}-`));
    const files = await writeTinyTagger(dir);
    t = await startBrowseApp({
      TAGGER_MODEL: files.model,
      TAGGER_TAGS: files.labels,
      WORK_JOBS_PER_USER: '3',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => t;
}

/**
 * The show's whole-work archive as entry name → bytes. Every frame, whatever the layout would
 * leave out by default: the tags are what these tests look at.
 */
export async function taggedArchive(app: BrowseApp, options: object) {
  const work_url = app.services.builders.workUrl({
    type: 'work',
    kind: 'anime',
    id: taggedShow.id,
  });
  const body = { work_url, size: 'thumb', skip_near_duplicates: false, quality_filters: [] };
  const id = await startWork({ ...body, ...options }, app);
  expect((await finished(id, app)).status).toBe('completed');
  return new Map((await zipOf(id, app)).map((e) => [e.name, e.data]));
}
