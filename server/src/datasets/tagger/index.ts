import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Kysely } from 'kysely';
import { ConfigError, type Config } from '../../config';
import type { Database } from '../../db';
import type { Logger } from '../../logger';
import { readTagLabels } from './labels';
import { openTaggerModel } from './model';
import { taggerModelName } from './model-name';
import { ImageTagStore } from './store';
import { ImageTagger } from './tagger';

export { JobTags } from './job-tags';
export { ImageTagger, type ImageTags } from './tagger';

/**
 * The tagger of `TAGGER_MODEL` and `TAGGER_TAGS`, checked at start-up: both files read, the model
 * opened and run once on a blank picture, its score count compared with the tag list's length.
 * Any mismatch is a ConfigError naming the setting, so a wrong file stops the start, not a job.
 * Once it is checked, the log says which model tags and with how many tags.
 */
export async function createTagger(
  settings: NonNullable<Config['tagger']>,
  db: Kysely<Database>,
  log?: Logger,
): Promise<ImageTagger> {
  const labels = await readTagLabels(settings.tags).catch(fail('TAGGER_TAGS'));
  const model = await openTaggerModel(settings.model).catch(fail('TAGGER_MODEL'));
  const blank = new Float32Array(model.size * model.size * 3).fill(255);
  const scores = await model.run(blank).catch(fail('TAGGER_MODEL'));
  if (scores.length !== labels.length)
    throw new ConfigError([
      `TAGGER_TAGS: ${labels.length} tags, but the model gives ${scores.length} scores (is it the model's own selected_tags.csv?)`,
    ]);
  const fingerprint = await fingerprintOf([settings.model, settings.tags]);
  const name = taggerModelName(settings.model);
  log?.info(
    { model: settings.model, tags: labels.length, size: model.size, threshold: settings.threshold },
    `tagger on: ${name}, ${labels.length} tags`,
  );
  return new ImageTagger({
    model,
    name,
    labels,
    fingerprint,
    threshold: settings.threshold,
    store: new ImageTagStore(db),
  });
}

function fail(setting: string) {
  return (error: unknown): never => {
    throw new ConfigError([`${setting}: ${error instanceof Error ? error.message : error}`]);
  };
}

/** The first 16 hex digits of the SHA-256 of the files' bytes, read as a stream. */
async function fingerprintOf(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files)
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 16);
}
