import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DatasetReviewResponse, ReviewFrame } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { downloadList } from '../../test/downloadFixtures';

const PAGE = '/episodes/10820-Dataset_Drill/dataset?contentType=anime';

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

function reviewScreen() {
  const fetchMock = mockApi({
    ...signedIn(),
    'GET /api/download': () => json(200, downloadList([])),
    'POST /api/datasets/review': (body) => json(200, decide(body as Parameters<typeof decide>[0])),
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
  return fetchMock;
}

const total = (key: string) =>
  within(document.querySelector(`[data-total="${key}"]`)! as HTMLElement).getByRole('definition');

describe('制作数据集', () => {
  it('updates the counts when the preset, the filters or a frame change, and starts the job with them', async () => {
    const fetchMock = reviewScreen();
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

    fireEvent.click(screen.getByRole('button', { name: '开始下载（约 5 张）' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/download/work')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/download/work')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      work_url: '10820-Dataset_Drill',
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
    await screen.findByText('已读取全部图片', undefined, { timeout: 10_000 });
    expect(total('kept').textContent).toBe('2');
    expect(total('dark').textContent).toBe('1');
    expect(offsets).toEqual([0, 3]);
  });
});
