import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  DatasetReviewResponse,
  ReviewFrame,
  SaveDatasetDraftRequest,
} from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { downloadList } from '../../test/downloadFixtures';

const PAGE = '/episodes/anime/10820/dataset';

const frame = (
  id: number,
  state: ReviewFrame['state'],
  reason: ReviewFrame['reason'] = null,
  matches: number | null = null,
): ReviewFrame => ({
  image: {
    id,
    kind: 'anime',
    thumb_url: `/api/images/${id}.jpg?kind=anime&size=thumb`,
    small_url: `/api/images/${id}.jpg?kind=anime&size=small`,
    large_url: `/api/images/${id}.jpg?kind=anime&size=large`,
    original_url: `/api/images/${id}.jpg?kind=anime&size=large`,
  },
  episode_id: 1,
  state,
  reason,
  matches,
});

/**
 * The server's decision on five frames: 2 repeats 1 within 6 bits only, 3 repeats 1 within 2
 * bits too; 4 is dark; 5 is sharp and new.
 */
function decide(body: {
  near_duplicate_threshold: number;
  quality_filters: string[];
  offset: number;
}): DatasetReviewResponse {
  const frames = [
    frame(1, 'kept'),
    body.near_duplicate_threshold >= 6
      ? frame(2, 'dropped', 'near_duplicate', 1)
      : frame(2, 'kept'),
    frame(3, 'dropped', 'near_duplicate', 1),
    body.quality_filters.includes('dark') ? frame(4, 'dropped', 'dark') : frame(4, 'kept'),
    frame(5, 'kept'),
  ];
  const dropped = frames.filter((f) => f.state === 'dropped');
  const count = (reason: string) => dropped.filter((f) => f.reason === reason).length;
  return {
    work_title: 'Dataset Drill',
    complete: true,
    episodes: [{ id: 1, title: 'Episode 1', listing: 'done', images: 5 }],
    images: 5,
    measured: 5,
    kept: 5 - dropped.length,
    dropped: dropped.length,
    reasons: { near_duplicate: count('near_duplicate'), dark: count('dark'), blank: 0, blurry: 0 },
    offset: body.offset,
    frames: frames.slice(body.offset),
  };
}

const DRAFT_URL = `/api/dataset-drafts/work?${new URLSearchParams({
  work_url: '10820',
  kind: 'anime',
})}`;

const ESTIMATE = {
  size: 'original',
  episodes: 1,
  episodes_known: 1,
  images: 5,
  approximate: false,
  cached_images: 5,
  bytes: 1000,
  seconds: 0,
  limit_reached: null,
};

/** The server's side of the drafts: what was saved last (null: none), every PUT, and whether saving fails. */
function draftServer(saved: SaveDatasetDraftRequest | null = null) {
  const server = { saved, puts: [] as SaveDatasetDraftRequest[], failing: false };
  const draftOf = (body: SaveDatasetDraftRequest) => ({
    id: 1,
    work_url: body.work_url,
    kind: body.kind ?? null,
    title: body.title ?? '',
    kept: body.keep_image_ids?.length ?? 0,
    dropped: body.drop_image_ids?.length ?? 0,
    tag_edit_count: 0,
    updated_at: '2026-11-28T10:00:00Z',
    keep_image_ids: body.keep_image_ids ?? [],
    drop_image_ids: body.drop_image_ids ?? [],
    tag_edits: body.tag_edits ?? { remove: [], replace: [] },
    trigger_word: body.trigger_word ?? '',
  });
  const handlers = {
    [`GET ${DRAFT_URL}`]: () => json(200, { draft: server.saved && draftOf(server.saved) }),
    'GET /api/dataset-drafts': () =>
      json(200, { drafts: server.saved ? [draftOf(server.saved)] : [] }),
    'PUT /api/dataset-drafts': (body: unknown) => {
      server.puts.push(body as SaveDatasetDraftRequest);
      if (server.failing) return json(503, { detail: '数据库暂时不可用', code: 'UNAVAILABLE' });
      server.saved = body as SaveDatasetDraftRequest;
      return json(200, draftOf(server.saved));
    },
    'DELETE /api/dataset-drafts/1': () => {
      server.saved = null;
      return new Response(null, { status: 204 });
    },
  };
  return { server, handlers };
}

function reviewScreen(
  options: {
    drafts?: ReturnType<typeof draftServer>;
    estimate?: object;
    tags?: object;
    taggerModel?: string;
  } = {},
) {
  const drafts = options.drafts ?? draftServer();
  const fetchMock = mockApi({
    ...signedIn(),
    ...drafts.handlers,
    'GET /api/download': () =>
      json(200, downloadList([], { tagger_model: options.taggerModel ?? null })),
    'POST /api/datasets/review': (body) => json(200, decide(body as Parameters<typeof decide>[0])),
    'POST /api/download/work/estimate': () => json(200, { ...ESTIMATE, ...options.estimate }),
    'POST /api/datasets/review/tags': () =>
      json(200, options.tags ?? { tagger: false, tagged: 0, tags: [] }),
    'POST /api/download/work': () =>
      json(202, {
        download_id: 'task-0000000011',
        file_count: 0,
        status: 'pending',
        episodes_total: 1,
        episodes_done: 0,
      }),
  });
  renderApp(PAGE);
  return { fetchMock, server: drafts.server };
}

const total = (key: string) =>
  within(document.querySelector(`[data-total="${key}"]`)! as HTMLElement).getByRole('definition');

describe('制作数据集', () => {
  it('updates the counts when the preset, the filters or a frame change, and starts the job with them', async () => {
    const { fetchMock } = reviewScreen();
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    expect(total('kept').textContent).toBe('2');
    expect(total('near_duplicate').textContent).toBe('2');
    expect(total('dark').textContent).toBe('1');

    fireEvent.click(screen.getByLabelText('完全相同'));
    await waitFor(() => expect(total('near_duplicate').textContent).toBe('1'));
    expect(total('kept').textContent).toBe('3');

    fireEvent.click(screen.getByLabelText('过暗'));
    await waitFor(() => expect(total('dark').textContent).toBe('0'));
    expect(total('kept').textContent).toBe('4');

    // Frame 3 repeats frame 1 at any preset: keep it anyway.
    const tile = screen.getByRole('button', { name: '图片 3' });
    expect(tile.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tile);
    expect(tile.getAttribute('aria-pressed')).toBe('true');
    expect(total('kept').textContent).toBe('5');
    expect(total('near_duplicate').textContent).toBe('0');
    expect(total('keptByYou').textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '开始下载（5 张）' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/download/work')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/download/work')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      work_url: '10820',
      kind: 'anime',
      size: 'original',
      skip_near_duplicates: true,
      near_duplicate_threshold: 2,
      quality_filters: ['blank', 'blurry'],
      keep_image_ids: [3],
    });
  });

  it('fills in while the work is read, asking only for the frames after the settled ones', async () => {
    const offsets: number[] = [];
    mockApi({
      ...signedIn(),
      ...draftServer().handlers,
      'POST /api/download/work/estimate': () => json(200, ESTIMATE),
      'GET /api/download': () => json(200, downloadList([])),
      'POST /api/datasets/review': (raw) => {
        const body = raw as Parameters<typeof decide>[0];
        offsets.push(body.offset);
        const whole = decide({ ...body, offset: 0 });
        if (offsets.length > 1) return json(200, decide(body));
        // The first answer: frames 4 and 5 listed but not measured yet.
        const frames = whole.frames.map((f) =>
          f.image.id >= 4 ? { ...f, state: 'pending' as const, reason: null } : f,
        );
        return json(200, { ...whole, complete: false, kept: 1, dropped: 2, frames });
      },
    });
    renderApp(PAGE);
    await screen.findByText(/还有 2 张待计算/, undefined, { timeout: 10_000 });
    expect(total('kept').textContent).toBe('1');
    // Kept and not yet measured are never one number: 1 kept, 2 still to measure.
    expect(screen.getByRole('button', { name: /开始下载（1–3 张/ })).toBeTruthy();
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    expect(total('kept').textContent).toBe('2');
    expect(total('dark').textContent).toBe('1');
    expect(offsets).toEqual([0, 3]);
    expect(screen.getByRole('button', { name: '开始下载（2 张）' })).toBeTruthy();
  });
});

describe('制作数据集: the draft, 撤销 and the job limit', () => {
  const tile = (id: number) => screen.getByRole('button', { name: `图片 ${id}` });
  const pressed = (id: number) => tile(id).getAttribute('aria-pressed');

  it('saves each decision on the server, and 撤销 or Ctrl+Z takes it back (saved too)', async () => {
    const { server } = reviewScreen();
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    const undo = screen.getByRole('button', { name: '撤销' });
    expect(undo.hasAttribute('disabled')).toBe(true);

    fireEvent.click(tile(3));
    expect(pressed(3)).toBe('true');
    await waitFor(() => expect(server.saved?.keep_image_ids).toEqual([3]), { timeout: 5000 });
    await screen.findByText('已保存，刷新或换设备打开都会保留');

    fireEvent.click(undo);
    expect(pressed(3)).toBe('false');
    expect(total('keptByYou').textContent).toBe('0');
    await waitFor(() => expect(server.saved?.keep_image_ids).toEqual([]), { timeout: 5000 });

    // Frame 4 is dark (dropped): keep it, then Ctrl+Z drops it again.
    fireEvent.click(tile(4));
    expect(pressed(4)).toBe('true');
    fireEvent.keyDown(document.body, { key: 'z', code: 'KeyZ', ctrlKey: true });
    await waitFor(() => expect(pressed(4)).toBe('false'));
    expect(screen.getByRole('button', { name: '撤销' }).hasAttribute('disabled')).toBe(true);
  });

  it('restores the decisions saved before (a reload, another device)', async () => {
    const drafts = draftServer({
      work_url: '10820',
      kind: 'anime',
      keep_image_ids: [3],
      drop_image_ids: [5],
    });
    const { fetchMock } = reviewScreen({ drafts });
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    await waitFor(() => expect(pressed(3)).toBe('true'));
    expect(pressed(5)).toBe('false');
    expect(total('keptByYou').textContent).toBe('1');
    expect(total('droppedByYou').textContent).toBe('1');
    // Restoring is no change: nothing is saved until the user decides something.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(drafts.server.puts).toEqual([]);
    fireEvent.click(screen.getByText('我的数据集草稿（1）'));
    expect(screen.getByText('（当前作品）')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('leaves at once while nothing is unsaved (even when the server cannot save)', async () => {
    const drafts = draftServer();
    drafts.server.failing = true;
    reviewScreen({ drafts });
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('link', { name: /返回剧集列表/ }));
    // Nothing was decided, so nothing is unsaved: no question, the review is gone.
    await waitFor(() => expect(screen.queryByText('已读取全部图片')).toBeNull());
  });

  it('asks before leaving while the latest save failed; retrying saves it', async () => {
    const drafts = draftServer();
    drafts.server.failing = true;
    reviewScreen({ drafts });
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    fireEvent.click(tile(3));
    await screen.findByText('保存失败，你的选择还未保存。', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('link', { name: /返回剧集列表/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('最近的选择保存失败，离开后会丢失。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('已读取全部图片')).toBeTruthy();

    drafts.server.failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(drafts.server.saved?.keep_image_ids).toEqual([3]));
    await screen.findByText('已保存，刷新或换设备打开都会保留');
  });

  it('says up front that the job limit is reached, as the whole-work dialog does, and cannot start', async () => {
    reviewScreen({ estimate: { limit_reached: { kind: 'work', max: 1 } } });
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    const alert = await screen.findByText(
      '已有 1 个整部下载任务在进行，请等它完成或取消后再开始。',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByText(/标签：已开启/)).toBeNull();
    expect(screen.getByRole('button', { name: '开始下载（2 张）' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('lists the top tags; removing and replacing one goes with the job and into the draft, and undoes', async () => {
    const { fetchMock, server } = reviewScreen({
      tags: {
        tagger: true,
        tagged: 5,
        tags: [
          { name: '1girl', count: 5 },
          { name: 'smile', count: 3 },
        ],
      },
      taggerModel: 'wd-eva02-large-tagger-v3',
    });
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    await screen.findByText(
      '5 / 5 张图片已有标签；删除或替换会用于导出的所有标注、附带文件和元数据。',
    );
    expect(screen.getByText('标签：已开启（wd-eva02-large-tagger-v3）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '在所有图片中删除标签 1girl' }));
    fireEvent.click(screen.getByRole('button', { name: '替换标签 smile' }));
    fireEvent.change(screen.getByLabelText('把 smile 替换为'), { target: { value: 'happy' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByText('→ happy')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('触发词（kohya 标注的开头）'), {
      target: { value: 'drill' },
    });
    await waitFor(() =>
      expect(server.saved).toMatchObject({
        tag_edits: { remove: ['1girl'], replace: [{ from: 'smile', to: 'happy' }] },
        trigger_word: 'drill',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: '开始下载（2 张）' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/download/work')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/download/work')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      trigger_word: 'drill',
      tag_edits: { remove: ['1girl'], replace: [{ from: 'smile', to: 'happy' }] },
    });

    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    expect(screen.queryByText('→ happy')).toBeNull();
  });
});
