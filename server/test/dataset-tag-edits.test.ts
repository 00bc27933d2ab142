// Tag editing before export (issue 39): the review lists the work's stored tags with counts, and
// an export with `tag_edits` writes the edited tags wherever tags go (kohya captions, waifuc
// sidecars, hf rows, metadata files).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import {
  idOfEntry as idOf,
  taggedArchive,
  taggedIds as all,
  withTaggedApp,
} from './support/tagged-show';
import { jsonLines } from './support/zip';

const app = withTaggedApp('tag-edits');
const EDITS = { remove: ['half_tag'], replace: [{ from: 'red_theme', to: 'crimson' }] };
const archive = (options: object) => taggedArchive(app(), options);

async function topTags(ids: number[]) {
  const res = await app().app.inject({
    method: 'POST',
    url: '/api/datasets/review/tags',
    headers: app().headers,
    payload: { kind: 'anime', image_ids: ids },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ tagger: boolean; tagged: number; tags: { name: string; count: number }[] }>();
}

/** The stored tags of each image with the edits applied by hand: what the archive must show. */
async function editedTags() {
  const known = await app().services.tagger!.known('anime', all);
  return new Map(
    [...known].map(([id, tags]) => [
      id,
      tags.tags
        .map((tag) => (tag.name === 'red_theme' ? 'crimson' : tag.name))
        .filter((name) => name !== 'half_tag'),
    ]),
  );
}

describe(`tag editing before export (${databaseKind})`, () => {
  it('lists no tags before any export tagged the work, then every tag with its count', async () => {
    const before = await topTags(all);
    expect(before).toEqual({ tagger: true, tagged: 0, tags: [] });
    await archive({ export: 'kohya' });
    const after = await topTags(all);
    expect(after.tagged).toBe(all.length);
    expect(after.tags[0]).toEqual({ name: 'half_tag', count: all.length });
    // Below the threshold and rating tags are no caption tags, so they are not offered.
    expect(after.tags.map((tag) => tag.name)).not.toContain('side_character');
    expect(after.tags.map((tag) => tag.name)).not.toContain('general');
    expect(app().services.tagger!.inferences).toBe(all.length);
  });

  it('kohya captions hold the trigger word and the edited tags', async () => {
    const files = await archive({ export: 'kohya', trigger_word: 'drill', tag_edits: EDITS });
    const edited = await editedTags();
    const captions = [...files].filter(([name]) => name.endsWith('.txt'));
    expect(captions).toHaveLength(all.length);
    for (const [name, body] of captions) {
      const words = body.toString('utf8').trimEnd().split(', ');
      expect(words).toEqual(['drill', ...edited.get(idOf(name))!]);
      expect(words).not.toContain('half_tag');
      expect(words).not.toContain('red_theme');
    }
    expect(captions.some(([, body]) => body.toString('utf8').includes('crimson'))).toBe(true);
  });

  it('waifuc sidecars, hf rows and the metadata files carry the edited tags', async () => {
    const edited = await editedTags();
    const waifuc = await archive({ export: 'waifuc', tag_edits: EDITS });
    for (const [name, body] of waifuc) {
      if (!name.endsWith('_meta.json')) continue;
      const meta = JSON.parse(body.toString('utf8'));
      expect(Object.keys(meta.tags)).toEqual(edited.get(meta.id));
    }
    const hf = await archive({ export: 'hf', metadata: true, tag_edits: EDITS });
    const rows = jsonLines(hf.get('train/metadata.jsonl'));
    expect(rows.map((row) => row.tags)).toEqual(all.map((id) => edited.get(id)));
    const csv = parse(hf.get('metadata.csv')!.toString('utf8'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(csv.map((row) => row.tags)).toEqual(all.map((id) => edited.get(id)!.join(', ')));
    expect(jsonLines(hf.get('metadata.jsonl')).map((row) => row.tags)).toEqual(
      all.map((id) => edited.get(id)),
    );
  });
});
