import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import type { BrowseApp } from './support/browse';
import {
  idOfEntry as idOf,
  taggedArchive,
  taggedIds as all,
  withTaggedApp,
} from './support/tagged-show';
import { finished, zipOf } from './support/work-jobs';
import { jsonLines } from './support/zip';

const tagged = withTaggedApp('tags');
let t: BrowseApp;
beforeAll(() => {
  t = tagged();
});
const archive = (options: object, app = t) => taggedArchive(app, options);

/** The tags the tagger stored for each of the show's images (above the threshold). */
async function storedTags() {
  const known = await t.services.tagger!.known('anime', all);
  return new Map([...known].map(([id, tags]) => [id, tags.tags.map((tag) => tag.name)]));
}

describe(`tags from the admin's WD14 model (${databaseKind})`, () => {
  it("the download list names the model (the file's own name), so the dialogs say tags are on", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/download', headers: t.headers });
    expect(res.json().storage.tagger_model).toBe('tagger');
  });

  it('kohya captions hold the trigger word, then the tags above the threshold; a second job, or another user, runs no inference', async () => {
    const files = await archive({ export: 'kohya', kohya_repeats: 2, trigger_word: 'drill_style' });
    const tagged = t.services.tagger!.inferences;
    expect(tagged).toBe(all.length);
    const stored = await storedTags();
    const captions = [...files].filter(([name]) => name.endsWith('.txt'));
    expect(captions.map(([name]) => idOf(name))).toEqual(all);
    for (const [name, body] of captions) {
      const words = body.toString('utf8').trimEnd().split(', ');
      expect(words).toEqual(['drill_style', ...stored.get(idOf(name))!]);
      // half_tag scores 0.5 on every picture, side_character 0.30 (under 0.35), and the
      // rating tags are never caption tags (kohya's tagger leaves them out by default).
      expect(words).toContain('half_tag');
      for (const absent of ['side_character', 'general', 'explicit'])
        expect(words).not.toContain(absent);
    }

    const again = await archive({ export: 'kohya', kohya_repeats: 2, trigger_word: 'drill_style' });
    const other = { ...t, headers: await t.userHeaders('tags-other@example.com') };
    const theirs = await archive(
      { export: 'kohya', kohya_repeats: 2, trigger_word: 'drill_style' },
      other,
    );
    expect(t.services.tagger!.inferences).toBe(tagged);
    expect(files.get('README.md')?.toString('utf8')).toContain(
      'the trigger word `drill_style`, then the tags',
    );
    for (const [name, body] of captions) {
      expect(again.get(name)).toEqual(body);
      expect(theirs.get(name)).toEqual(body);
    }
  });

  it('waifuc sidecars carry `tags` as {tag: score}, as waifuc keeps them; hf rows and metadata files the rating and tags', async () => {
    const stored = await storedTags();
    const waifuc = await archive({ export: 'waifuc' });
    for (const [name, body] of waifuc) {
      if (!name.endsWith('_meta.json')) continue;
      const meta = JSON.parse(body.toString('utf8'));
      expect(Object.keys(meta.tags)).toEqual(stored.get(meta.id));
      expect(meta.tags.half_tag).toBeCloseTo(0.5, 3);
    }

    const hf = await archive({ export: 'hf', metadata: true, trigger_word: 'drill_style' });
    const rows = jsonLines(hf.get('train/metadata.jsonl'));
    expect(rows.map((row) => row.tags)).toEqual(all.map((id) => stored.get(id)));
    // `text` is the kohya caption: the trigger word, then the tags.
    expect(rows.map((row) => row.text)).toEqual(
      all.map((id) => ['drill_style', ...stored.get(id)!].join(', ')),
    );
    expect(new Set(rows.map((row) => row.rating))).toEqual(new Set(['general']));
    const csv = parse(hf.get('metadata.csv')!.toString('utf8'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(csv.map((row) => row.tags)).toEqual(all.map((id) => stored.get(id)!.join(', ')));
    expect(csv.every((row) => row.rating === 'general')).toBe(true);
    const jsonl = jsonLines(hf.get('metadata.jsonl'));
    expect(jsonl.map((row) => row.tags)).toEqual(all.map((id) => stored.get(id)));
  });

  it("a selection in kohya's layout gets the same captions", async () => {
    const picks = all.slice(0, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/download',
      headers: t.headers,
      payload: {
        image_urls: picks.map((id) => `/api/images/${id}.jpg?kind=anime&size=thumb`),
        filename_prefix: 'picks',
        export: 'kohya',
        trigger_word: 'sel',
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<{ download_id: string }>().download_id;
    expect((await finished(id, t)).status).toBe('completed');
    const files = new Map((await zipOf(id, t)).map((e) => [e.name, e.data]));
    const stored = await storedTags();
    for (const pick of picks)
      expect(files.get(`10_picks/picks_${pick}.txt`)?.toString('utf8')).toBe(
        `${['sel', ...stored.get(pick)!].join(', ')}\n`,
      );
  });

  it('a plain archive without metadata asks the tagger nothing', async () => {
    const before = t.services.tagger!.inferences;
    const files = await archive({ export: 'plain' });
    expect([...files.keys()].every((name) => name.endsWith('.jpg'))).toBe(true);
    expect(t.services.tagger!.inferences).toBe(before);
  });
});
