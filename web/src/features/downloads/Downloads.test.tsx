import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadStatus } from '@capshelf/contract';
import { DOWNLOAD_POLL_MS } from '../../api';
import { firstProgressCall, images, progressAnswer } from '../../test/browseFixtures';
import { downloadTask } from '../../test/downloadFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';

const EPISODE_URL = 'https://fancaps.net/anime/episodeimages.php?1001-Non_Non_Biyori/Episode_1';
const PAGE = `/images/${encodeURIComponent(EPISODE_URL)}`;
const LIST = firstProgressCall(EPISODE_URL);
const ID = 'task-0000000001';
const STATUS = `GET /api/download/${ID}/status`;

const task = (overrides: Partial<DownloadStatus> = {}) =>
  downloadTask({ download_id: ID, ...overrides });

/** hrefs of links the page clicked by itself (the automatic save). */
let autoClicks: string[] = [];
beforeEach(() => {
  localStorage.clear();
  autoClicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    autoClicks.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => vi.restoreAllMocks());

/** The tray, opened (it starts as a closed badge). */
async function panel() {
  const region = await screen.findByRole('region', { name: '下载任务' });
  const badge = within(region).queryByRole('button', { name: /^下载任务/ });
  if (badge) fireEvent.click(badge);
  return region;
}
const card = (id: number) => document.querySelector<HTMLElement>(`[data-image-id="${id}"]`)!;
const fileRequests = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/file'));
const creates = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/download' && init?.method === 'POST');
const tick = () => act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_POLL_MS));

/** The episode screen with three images, a task list that is empty until a task is created. */
function episodeScreen(handlers: Parameters<typeof mockApi>[0] = {}) {
  let created = false;
  const fetchMock = mockApi({
    ...signedIn(),
    [LIST]: () => json(200, progressAnswer(images(3))),
    'GET /api/download': () => json(200, { downloads: created ? [task()] : [] }),
    'POST /api/download': () => {
      created = true;
      return json(202, { download_id: ID, file_count: 2, status: 'pending' });
    },
    ...handlers,
  });
  renderApp(PAGE);
  return fetchMock;
}

async function downloadTwoSmall() {
  await screen.findByText('共 3 张');
  await waitFor(() => expect(card(500002)).toBeTruthy());
  fireEvent.click(screen.getByLabelText('小图'));
  fireEvent.click(card(500002));
  fireEvent.click(card(500000));
  fireEvent.click(screen.getByRole('button', { name: '下载选中 (2)' }));
}

describe('starting a download', () => {
  it('asks for a selection first and sends nothing', async () => {
    const fetchMock = episodeScreen();
    await screen.findByText('共 3 张');
    fireEvent.click(screen.getByRole('button', { name: '下载选中 (0)' }));
    expect(await screen.findByText('请先选择要下载的图片')).toBeTruthy();
    expect(creates(fetchMock)).toHaveLength(0);
  });

  it('sends the chosen size in grid order with the title prefix and shows the task', async () => {
    const fetchMock = episodeScreen({ [STATUS]: () => json(200, task({ status: 'running' })) });
    await downloadTwoSmall();

    expect(await screen.findByText('下载任务已创建：共 2 张图片，进度见下载任务')).toBeTruthy();
    expect(creates(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(creates(fetchMock)[0]![1]!.body))).toEqual({
      image_urls: [
        '/api/images/500000.jpg?size=small&kind=anime',
        '/api/images/500002.jpg?size=small&kind=anime',
      ],
      filename_prefix: 'Non_Non_Biyori_Episode_1_small',
    });
    const region = await panel();
    expect(await within(region).findByText('Non_Non_Biyori_Episode_1_small.zip')).toBeTruthy();
    expect(within(region).getByText('等待中')).toBeTruthy();
  });

  it('shows the server detail when three tasks already run', async () => {
    episodeScreen({
      'POST /api/download': () =>
        json(429, {
          detail: '最多同时进行 3 个下载任务，请等待之前的任务完成',
          code: 'TOO_MANY_REQUESTS',
        }),
    });
    await downloadTwoSmall();
    expect(
      await screen.findByText('下载失败: 最多同时进行 3 个下载任务，请等待之前的任务完成'),
    ).toBeTruthy();
  });

  it('says how many image URLs the server refused', async () => {
    episodeScreen({
      'POST /api/download': () =>
        json(400, { code: 'VALIDATION_FAILED', refused: ['http://a.example/1.jpg', 'x'] }),
    });
    await downloadTwoSmall();
    expect(await screen.findByText('下载失败: 有 2 个图片地址被拒绝')).toBeTruthy();
  });
});

describe('downloads panel', () => {
  it('polls every 2 s until completed, then saves through a plain link once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      task({ status: 'running', done_count: 1, bytes_written: 1536 }),
      task({ status: 'completed', done_count: 1, failed_count: 1, bytes_written: 2048 }),
    ];
    const fetchMock = episodeScreen({ [STATUS]: () => json(200, answers.shift() ?? task()) });
    await downloadTwoSmall();
    const region = await panel();
    await within(region).findByText('等待中');

    await tick();
    const bar = await within(region).findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1'));
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(within(region).getByText('下载中')).toBeTruthy();
    expect(within(region).getByText('50% · 1/2 张 · 1.50 KB')).toBeTruthy();

    await tick();
    const save = await within(region).findByRole('link', { name: '保存文件' });
    expect(save.getAttribute('href')).toBe(`/api/download/${ID}/file`);
    expect(save.hasAttribute('download')).toBe(true);
    expect(within(region).getByText('100% · 1/2 张，失败 1 张 · 2.00 KB')).toBeTruthy();
    expect(autoClicks).toEqual([`/api/download/${ID}/file`]);

    // Finished: no more status reads, and the page never fetched the ZIP itself.
    const reads = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/status')).length;
    await tick();
    await tick();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/status'))).toHaveLength(
      reads,
    );
    expect(fileRequests(fetchMock)).toHaveLength(0);
  });

  it('reports a failed task', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    episodeScreen({
      [STATUS]: () =>
        json(200, task({ status: 'failed', failed_count: 2, error: '全部图片均未能下载' })),
    });
    await downloadTwoSmall();
    await within(await panel()).findByText('等待中');
    await tick();
    expect(await screen.findAllByText('下载失败: 全部图片均未能下载')).toHaveLength(2);
    expect(within(await panel()).getByText('失败')).toBeTruthy();
    expect(autoClicks).toEqual([]);
  });

  it('restores tasks after a reload without saving finished ones again', async () => {
    sessionStorage.clear();
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(200, {
          downloads: [
            task({ download_id: 'task-0000000002', status: 'running', file_name: 'b.zip' }),
            task({ status: 'completed', done_count: 2, file_name: 'a.zip' }),
          ],
        }),
      'GET /api/download/task-0000000002/status': () => json(200, task({ status: 'running' })),
    });
    renderApp('/');
    const region = await panel();
    expect(await within(region).findByText('a.zip')).toBeTruthy();
    expect(within(region).getByText('b.zip')).toBeTruthy();
    expect(within(region).getByRole('link', { name: '保存文件' }).getAttribute('href')).toBe(
      `/api/download/${ID}/file`,
    );
    expect(within(region).getByRole('heading', { name: /下载任务 \(2\)/ })).toBeTruthy();
    expect(autoClicks).toEqual([]);
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/download/${ID}/status`)).toBe(false);
  });

  it('starts as a badge, opens on demand, and stays closed after a reload once closed', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/download': () => json(200, { downloads: [task({ status: 'completed' })] }),
    });
    const { unmount } = renderApp('/');
    const region = await screen.findByRole('region', { name: '下载任务' });
    const badge = within(region).getByRole('button', { name: /下载任务 \(1\)/ });
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: '保存文件' })).toBeNull();
    fireEvent.click(badge);
    expect(await within(region).findByRole('link', { name: '保存文件' })).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: '收起下载任务' }));
    expect(screen.queryByRole('link', { name: '保存文件' })).toBeNull();
    unmount();

    renderApp('/');
    const again = await screen.findByRole('region', { name: '下载任务' });
    expect(
      within(again)
        .getByRole('button', { name: /下载任务/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('stays out of the way when there are no tasks', async () => {
    mockApi({ ...signedIn(), 'GET /api/download': () => json(200, { downloads: [] }) });
    renderApp('/');
    await screen.findByText('alice@example.com');
    expect(screen.queryByRole('region', { name: '下载任务' })).toBeNull();
  });

  it('cancels a running task and removes finished ones, one or all', async () => {
    let rows = [
      task({ status: 'running', done_count: 1, eta_seconds: 125, file_name: 'run.zip' }),
      task({ download_id: 'task-0000000002', status: 'completed', file_name: 'done.zip' }),
    ];
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/download': () => json(200, { downloads: rows }),
      [STATUS]: () => json(200, rows[0]),
      [`POST /api/download/${ID}/cancel`]: () => {
        rows = [{ ...rows[0]!, status: 'cancelled' }, rows[1]!];
        return json(200, rows[0]);
      },
      'DELETE /api/download/task-0000000002': () => {
        rows = [rows[0]!];
        return json(200, { message: '已移除' });
      },
      'DELETE /api/download': () => {
        rows = [];
        return json(200, { message: '已移除 1 个已结束的任务' });
      },
    });
    renderApp('/');
    const region = await panel();
    expect(await within(region).findByText('50% · 1/2 张 · 剩余 约 2 分钟')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: '取消' }));
    expect(await within(region).findByText('已取消')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === `/api/download/${ID}/cancel` && init?.method === 'POST',
      ),
    ).toBe(true);

    fireEvent.click(within(region).getByRole('button', { name: '移除 done.zip' }));
    await waitFor(() => expect(within(region).queryByText('done.zip')).toBeNull());
    fireEvent.click(within(region).getByRole('button', { name: '清除已结束' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '下载任务' })).toBeNull());
  });

  it('says a whole work is reading its episode lists before it knows its images, and greys a cancelled bar', async () => {
    const listing = task({ status: 'running', job: 'work', file_count: 0, episodes_total: 3 });
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(200, {
          downloads: [
            listing,
            task({
              download_id: 'task-0000000002',
              status: 'cancelled',
              done_count: 1,
              reason: { code: 'CANCELLED' },
            }),
          ],
        }),
      [STATUS]: () => json(200, listing),
    });
    renderApp('/');
    const region = await panel();
    expect(await within(region).findByText('0% · 正在读取剧集列表')).toBeTruthy();
    const cancelled = region.querySelector('[data-download-id="task-0000000002"]')!;
    expect(cancelled.querySelector('[role="progressbar"] > div')!.className).toContain(
      'bg-slate-400',
    );
  });

  it('shows a paused task with its reason, and a partial one with what is missing and a retry', async () => {
    const retried: string[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(200, {
          downloads: [
            task({
              status: 'paused',
              file_name: 'paused.zip',
              pause_reason: '源站暂时无法访问，30 秒后自动重试',
              resume_at: '2026-01-01T08:00:30Z',
              reason: { code: 'SOURCE_UNREACHABLE', seconds: 30 },
            }),
            task({
              download_id: 'task-0000000002',
              status: 'partial',
              file_name: 'partial.zip',
              done_count: 1,
              failed_count: 1,
            }),
          ],
        }),
      [STATUS]: () =>
        json(200, task({ status: 'paused', pause_reason: '源站暂时无法访问，30 秒后自动重试' })),
      'POST /api/download/task-0000000002/retry': () => {
        retried.push('task-0000000002');
        return json(200, task({ download_id: 'task-0000000002', status: 'pending' }));
      },
    });
    renderApp('/');
    const region = await panel();
    // The clock time it goes on, not the seconds counted from the moment it paused.
    const paused = await within(region).findByText(/^源站暂时无法访问（.+ 自动继续）$/);
    expect(paused.textContent).not.toMatch(/30 秒/);
    expect(within(region).getByText('已暂停')).toBeTruthy();
    expect(within(region).getByText('缺少 1 张图片（清单见压缩包内 failed.txt）')).toBeTruthy();
    expect(within(region).getAllByRole('link', { name: '保存文件' })).toHaveLength(1);
    fireEvent.click(within(region).getByRole('button', { name: '重试失败项' }));
    await waitFor(() => expect(retried).toEqual(['task-0000000002']));
  });

  it('shows a whole-work job episode by episode', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(200, {
          downloads: [
            task({
              status: 'completed',
              job: 'work',
              file_count: 70,
              done_count: 70,
              episodes_total: 2,
              episodes_done: 2,
              episodes: [
                { id: 1, title: 'Episode 1', total: 30, done: 30, failed: 0, skipped: 0 },
                { id: 2, title: 'Episode 2', total: 40, done: 38, failed: 0, skipped: 2 },
              ],
            }),
          ],
        }),
    });
    renderApp('/');
    const region = await panel();
    fireEvent.click(await within(region).findByText('分集进度 (2/2 集)'));
    const list = within(region).getByRole('list', { name: '分集进度' });
    expect(list.textContent).toContain('Episode 130/30');
    expect(list.textContent).toContain('Episode 240/40');
  });
});
