// Review drafts (issue 39): a user's decisions on a work's dataset review (制作数据集) are saved as
// they are made, so a reload or another device finds them; each user sees and changes only theirs.
import type { DatasetDraft, DatasetDraftSummary } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp, type TestApp } from './helpers';

type Headers = { authorization: string };
let t: TestApp;
let alice: Headers;
let bob: Headers;
beforeAll(async () => {
  t = await startTestApp();
  alice = await t.userHeaders('draft-alice@example.com');
  bob = await t.userHeaders('draft-bob@example.com');
});
afterAll(async () => {
  await t?.close();
});

const WORK = 'https://fancaps.net/anime/showimages.php?1234-Some_Show';
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url, ...(headers && { headers }), ...(payload && { payload }) });
const draftOf = async (headers: Headers, work = WORK) => {
  const res = await call(
    'GET',
    `/api/dataset-drafts/work?work_url=${encodeURIComponent(work)}`,
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ draft: DatasetDraft | null }>().draft;
};
const save = async (headers: Headers, body: object) => {
  const res = await call('PUT', '/api/dataset-drafts', headers, { work_url: WORK, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DatasetDraftSummary>();
};
const list = async (headers: Headers) =>
  (await call('GET', '/api/dataset-drafts', headers)).json<{ drafts: DatasetDraftSummary[] }>()
    .drafts;

describe(`review drafts (${databaseKind})`, () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/dataset-drafts')).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/dataset-drafts', undefined, { work_url: WORK })).statusCode,
    ).toBe(401);
  });

  it('saves the decisions and tag edits whole, finds them again, and saving twice keeps one draft', async () => {
    expect(await draftOf(alice)).toBeNull();
    const edits = { remove: ['solo'], replace: [{ from: 'smile', to: 'happy' }] };
    const body = {
      title: 'Some Show',
      keep_image_ids: [11, 12],
      drop_image_ids: [13],
      tag_edits: edits,
      trigger_word: 'some_show',
    };
    const first = await save(alice, body);
    expect(first).toMatchObject({ title: 'Some Show', kept: 2, dropped: 1, tag_edit_count: 2 });
    const again = await save(alice, body);
    expect(again.id).toBe(first.id);
    expect(await draftOf(alice)).toMatchObject({
      id: first.id,
      keep_image_ids: [11, 12],
      drop_image_ids: [13],
      tag_edits: edits,
      trigger_word: 'some_show',
    });
    // An undone decision is saved too: the draft is replaced whole.
    await save(alice, { ...body, keep_image_ids: [11] });
    expect((await draftOf(alice))?.keep_image_ids).toEqual([11]);
    expect(await list(alice)).toEqual([expect.objectContaining({ id: first.id, kept: 1 })]);
  });

  it('keeps one draft per work and kind', async () => {
    await save(alice, { kind: 'tv', keep_image_ids: [5] });
    const other = 'https://fancaps.net/anime/showimages.php?999-Other';
    await save(alice, { work_url: other, drop_image_ids: [7] });
    expect(await list(alice)).toHaveLength(3);
    expect((await draftOf(alice, other))?.drop_image_ids).toEqual([7]);
  });

  it("bob can neither read, list, change nor remove alice's draft", async () => {
    const [aliceDraft] = await list(alice);
    expect(await draftOf(bob)).toBeNull();
    expect(await list(bob)).toEqual([]);
    // His save of the same work is his own draft; hers is unchanged.
    await save(bob, { keep_image_ids: [99] });
    expect((await draftOf(alice))?.keep_image_ids).toEqual([11]);
    expect((await call('DELETE', `/api/dataset-drafts/${aliceDraft!.id}`, bob)).statusCode).toBe(
      404,
    );
    expect(await list(alice)).toHaveLength(3);
  });

  it('removes a draft, which the list then lacks', async () => {
    const drafts = await list(alice);
    const res = await call('DELETE', `/api/dataset-drafts/${drafts[0]!.id}`, alice);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list(alice)).map((d) => d.id)).not.toContain(drafts[0]!.id);
  });

  it('offers no tags to edit without a tagger', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/datasets/review/tags',
      headers: alice,
      payload: { kind: 'anime', image_ids: [1, 2, 3] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tagger: false, tagged: 0, tags: [] });
  });

  it('keeps at most 100 drafts a user, and a full list still takes changes to those it has', async () => {
    const carol = await t.userHeaders('draft-carol@example.com');
    const put = (work_url: string, keep: number[]) =>
      call('PUT', '/api/dataset-drafts', carol, { work_url, keep_image_ids: keep });
    for (let i = 1; i <= 100; i++) expect((await put(`${i}`, [i])).statusCode).toBe(200);
    const over = await put('101', [1]);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ detail: string }>().detail).toContain('最多保存 100 份数据集草稿');
    expect((await put('7', [7, 8])).statusCode).toBe(200);
    expect(await list(carol)).toHaveLength(100);
    // Her full list costs alice nothing.
    expect((await call('PUT', '/api/dataset-drafts', alice, { work_url: '101' })).statusCode).toBe(
      200,
    );
  });

  it('refuses bad input with a clear 400', async () => {
    const bad = async (body: object, detail: string) => {
      const res = await call('PUT', '/api/dataset-drafts', alice, { work_url: WORK, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ detail: string }>().detail).toContain(detail);
    };
    await bad({ keep_image_ids: [1], drop_image_ids: [1] }, '同一张图片不能既保留又剔除');
    await bad({ keep_image_ids: Array.from({ length: 50_001 }, (_, i) => i + 1) }, '50000');
    await bad({ tag_edits: { remove: ['x'.repeat(101)] } }, '标签应为 1 到 100 个字符');
    await bad({ tag_edits: { remove: Array.from({ length: 201 }, (_, i) => `t${i}`) } }, '200');
    await bad({ tag_edits: { replace: [{ from: 'a', to: ' ' }] } }, '标签应为 1 到 100 个字符');
    await bad({ work_url: '' }, '');
    expect((await call('DELETE', '/api/dataset-drafts/abc', alice)).statusCode).toBe(400);
  });
});
