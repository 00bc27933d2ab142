import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';
import { imageList, images, progressAnswer } from '../../test/browseFixtures';
import { card, cards, EPISODE_URL, LIST, PAGE, PROGRESS } from './ImageBrowser.fixtures';

describe('image screen', () => {
  it('records one view with the episode and its image ids', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      [PROGRESS]: () => json(200, progressAnswer(images(3))),
      'POST /api/images/record-view': () => json(204),
    });
    renderApp(PAGE);
    await screen.findByText('共 3 张');
    const views = () => fetchMock.mock.calls.filter(([url]) => url === '/api/images/record-view');
    await waitFor(() => expect(views()).toHaveLength(1));
    expect(JSON.parse(String(views()[0]![1]!.body))).toEqual({
      search_term: 'non',
      show_title: 'Non Non Biyori',
      episode_title: 'Episode 1',
      episode_id: EPISODE_URL,
      image_ids: [500000, 500001, 500002],
      image_count: 'exact',
    });
  });

  it('uses the fast list in fast mode and says when ids are estimated', async () => {
    mockApi({
      ...signedIn(),
      [PROGRESS]: () => json(200, progressAnswer(images(3))),
      [`${LIST}/fast`]: () => json(200, imageList(images(4), { mode: 'fast', exact: false })),
    });
    renderApp(PAGE);
    await screen.findByText('共 3 张');
    fireEvent.click(screen.getByLabelText('快速模式(基础)'));
    expect(await screen.findByText('部分图片为推算')).toBeTruthy();
    // An estimate is never shown as an exact count.
    expect(screen.getByText('共约 4 张（估计）')).toBeTruthy();
  });

  it('opens in the mode the user chose last and records its count as an estimate', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/images/mode-preference': () => json(200, { image_mode: 'fast' }),
      [`${LIST}/fast`]: () => json(200, imageList(images(4), { mode: 'fast', exact: false })),
      'POST /api/images/record-view': () => json(204),
    });
    renderApp(PAGE);
    expect(await screen.findByText('共约 4 张（估计）', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByLabelText('快速模式(基础)') as HTMLInputElement).checked).toBe(true);
    // No smart crawl was started behind the remembered choice.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/progress'))).toBe(false);
    const views = () => fetchMock.mock.calls.filter(([url]) => url === '/api/images/record-view');
    await waitFor(() => expect(views()).toHaveLength(1));
    expect(JSON.parse(String(views()[0]![1]!.body)).image_count).toBe('estimate');
  });

  it('shows the rate-limit panel for UPSTREAM_RATE_LIMITED', async () => {
    mockApi({
      ...signedIn(),
      [PROGRESS]: () =>
        json(429, {
          detail: '来源网站访问受限 (429 rate limit)，请稍后再试',
          code: 'UPSTREAM_RATE_LIMITED',
          retry_after: 600,
        }),
    });
    renderApp(PAGE);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('检测到访问频率限制');
    expect(panel.textContent).toContain('本服务器已暂停向该站点发送请求');
    // The server's own wait (retry_after 600 s), not a fixed guess, until a clock time.
    expect(panel.textContent).toMatch(/暂停到 \d{1,2}:\d{2}:\d{2}，还剩 约 10 分钟/);
    expect(within(panel).getByRole('link', { name: '查看示例图片' }).getAttribute('href')).toBe(
      '/sample-images',
    );
    expect(within(panel).getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('shows other errors with a retry', async () => {
    let fail = true;
    mockApi({
      ...signedIn(),
      [PROGRESS]: () =>
        fail
          ? json(404, { detail: '剧集不存在', code: 'UPSTREAM_NOT_FOUND' })
          : json(200, progressAnswer(images(2))),
    });
    renderApp(PAGE);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('剧集不存在');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('共 2 张')).toBeTruthy();
  });

  it('clears the episode cache for an admin and reloads the list', async () => {
    const fetchMock = mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      [PROGRESS]: () => json(200, progressAnswer(images(1))),
      // Reloaded after the clearing, asking only for what the page does not have yet.
      [`${LIST}/progress?offset=1`]: () =>
        json(200, progressAnswer(images(2).slice(1), { offset: 1, total: 2 })),
      [`DELETE /api/images/cache?episode_id=${encodeURIComponent(EPISODE_URL)}`]: () =>
        json(200, { message: 'ok', cleared_items: 1 }),
      [`DELETE /api/images/cache/files?episode_id=${encodeURIComponent(EPISODE_URL)}`]: () =>
        json(200, { message: 'ok', deleted_files: 1 }),
      [`GET /api/images/cache/files?episode_id=${encodeURIComponent(EPISODE_URL)}`]: () =>
        json(200, { files: 3, size_bytes: 2048, size_human: '2.00 KB' }),
    });
    renderApp(PAGE);
    await screen.findByText('共 1 张');
    fireEvent.click(screen.getByRole('button', { name: '清除缓存' }));
    // It asks first and says what goes; nothing is deleted before the answer.
    const dialog = await screen.findByRole('alertdialog', { name: '清除本集缓存' });
    expect(dialog.textContent).toContain('1 张图片');
    await waitFor(() => expect(dialog.textContent).toContain('3 个图片文件（2.00 KB）'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '清除缓存' }));
    expect(await screen.findByText('共 2 张')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(2);
  });

  it('re-reads the listing for a user instead, deleting nothing that others share', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      [PROGRESS]: () => json(200, progressAnswer(images(1))),
      [`${LIST}/progress?offset=0&resume=true&refresh=true`]: () =>
        json(200, progressAnswer(images(2), { total: 2 })),
    });
    renderApp(PAGE);
    await screen.findByText('共 1 张');
    fireEvent.click(screen.getByRole('button', { name: '清除缓存' }));
    const dialog = await screen.findByRole('alertdialog', { name: '清除本集缓存' });
    expect(dialog.textContent).toContain('重新读取本集的图片列表（1 张图片）');
    expect(dialog.textContent).toContain('不会被删除');
    fireEvent.click(within(dialog).getByRole('button', { name: '重新读取列表' }));
    expect(await screen.findByText('共 2 张')).toBeTruthy();
    const calls = fetchMock.mock.calls.map(
      ([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`,
    );
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);
    expect(calls.filter((call) => call.includes('/images/cache/files'))).toEqual([]);
  });

  it('marks a picture that fails to load', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(1))) });
    renderApp(PAGE);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.error(await within(card(500000)).findByRole('img'));
    expect(within(card(500000)).getByText('图片加载失败')).toBeTruthy();
    // Its tile retries it alone, without reloading the page.
    fireEvent.click(screen.getByRole('button', { name: '重新加载图片 500000' }));
    fireEvent.load(within(card(500000)).getByRole('img'));
    expect(within(card(500000)).queryByText('图片加载失败')).toBeNull();
  });

  it('opens the lightbox, moves with the arrow keys and toggles the selection', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(3))) });
    renderApp(PAGE);
    await waitFor(() => expect(cards()).toHaveLength(3));

    fireEvent.click(screen.getAllByRole('button', { name: '放大查看' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('图片 500000');

    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('heading').textContent).toBe('图片 500001');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('heading').textContent).toBe('图片 500002');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(within(dialog).getByRole('heading').textContent).toBe('图片 500001');

    fireEvent.click(within(dialog).getByRole('button', { name: '选择' }));
    expect(within(dialog).getByRole('button', { name: '取消选择' })).toBeTruthy();
    expect(card(500001).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('已选择 1 张')).toBeTruthy();
  });
});

describe('range and sample screens', () => {
  it('loads a range by its two ids', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/range/100/104': () =>
        json(200, imageList(images(5, 100), { mode: 'range' })),
    });
    renderApp('/images-range/100/104?title=区间');
    expect(await screen.findByText('共 5 张')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '区间' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '清除缓存' })).toBeNull();
  });

  it('refuses a range without two valid ids', async () => {
    const fetchMock = mockApi({ ...signedIn() });
    renderApp('/images-range/abc/104');
    expect((await screen.findByRole('alert')).textContent).toContain('起始ID和结束ID');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/range/'))).toBe(false);
  });

  it('loads a sample of cached images', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/sample?limit=100': () => json(200, imageList(images(7), { mode: 'sample' })),
    });
    renderApp('/sample-images');
    expect(await screen.findByText('共 7 张')).toBeTruthy();
  });
});
