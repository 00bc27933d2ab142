import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGES_IN_FLIGHT } from '../../lib/imageQueue';
import type { ImageItem } from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { firstProgressCall, imageList, images, progressAnswer } from '../../test/browseFixtures';

const EPISODE_URL = 'https://fancaps.net/anime/episodeimages.php?1001-Non_Non_Biyori/Episode_1';
const PAGE = `/images/${encodeURIComponent(EPISODE_URL)}?title=Non%20Non%20Biyori%20-%20Episode%201&workTitle=Non%20Non%20Biyori&episodeTitle=Episode%201&searchTerm=non`;
const LIST = `GET /api/images/episode/${encodeURIComponent(EPISODE_URL)}`;
const PROGRESS = firstProgressCall(EPISODE_URL);

const cards = () => [...document.querySelectorAll<HTMLElement>('[data-image-id]')];
const card = (id: number) => document.querySelector<HTMLElement>(`[data-image-id="${id}"]`)!;

describe('image screen', () => {
  it('keeps a bounded number of cards for an episode of 5,000 images', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(5000))) });
    renderApp(PAGE);
    // Rendering 5,000 records takes a while on a loaded machine; the point is the bound below.
    await screen.findByText('共 5000 张', {}, { timeout: 10_000 });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    expect(cards().length).toBeLessThan(200);
    expect(cards()[0]!.dataset.imageId).toBe('500000');
    // A few pictures load at once (the image queue), the next when one has loaded.
    const imgs = () => [...document.querySelectorAll('img')];
    await waitFor(() => expect(imgs()).toHaveLength(IMAGES_IN_FLIGHT));
    expect(imgs()[0]!.getAttribute('loading')).toBe('eager');
    // The grid shows thumbnails whatever size is chosen.
    expect(imgs()[0]!.getAttribute('src')).toBe('/api/images/500000.jpg?size=thumb&kind=anime');
    fireEvent.load(imgs()[0]!);
    await waitFor(() => expect(imgs()).toHaveLength(IMAGES_IN_FLIGHT + 1));
  }, 20_000);

  it('filters by id, selects a SHIFT range and switches size and columns', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(300))) });
    renderApp(PAGE);
    await screen.findByText('共 300 张', {}, { timeout: 5000 });

    fireEvent.change(screen.getByLabelText('按ID筛选'), { target: { value: '5001' } });
    await waitFor(() => expect(cards()[0]?.dataset.imageId).toBe('500100'));
    expect(cards().every((c) => c.dataset.imageId!.includes('5001'))).toBe(true);

    fireEvent.click(card(500102));
    fireEvent.click(card(500106), { shiftKey: true });
    expect(screen.getByText('已选择 5 张')).toBeTruthy();
    expect(card(500104).getAttribute('aria-pressed')).toBe('true');
    expect(card(500107).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: '取消全选' }));
    expect(screen.getByText('已选择 0 张')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(screen.getByText('已选择 100 张')).toBeTruthy();

    // The size decides what opens in a new tab (and what is downloaded), not the grid's picture.
    const newTab = () =>
      within(card(500100).parentElement!).getByRole('link', { name: '在新标签页打开' });
    expect(newTab().getAttribute('href')).toBe('/api/images/500100.jpg?size=large&kind=anime');
    fireEvent.click(screen.getByLabelText('小图'));
    expect(newTab().getAttribute('href')).toBe('/api/images/500100.jpg?size=small&kind=anime');
    expect(within(card(500100)).getByRole('img').getAttribute('src')).toBe(
      '/api/images/500100.jpg?size=thumb&kind=anime',
    );
    fireEvent.change(screen.getByLabelText('列数'), { target: { value: '3' } });
    const row = card(500100).closest('[style*="grid-template-columns"]') as HTMLElement;
    expect(row.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
  }, 15_000);

  it('selects a range with two taps in range mode, and remembers the columns per device', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(10))) });
    renderApp(PAGE);
    await waitFor(() => expect(cards()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '范围选择' }));
    expect(screen.getByText('范围选择：请点选起始图片')).toBeTruthy();
    fireEvent.click(card(500006));
    expect(screen.getByText('范围选择：请点选结束图片')).toBeTruthy();
    fireEvent.click(card(500002));
    expect(screen.getByText('已选择 5 张')).toBeTruthy();
    // The mode ends with the range; the next tap toggles one tile again.
    expect(screen.getByRole('button', { name: '范围选择' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    fireEvent.click(card(500009));
    expect(screen.getByText('已选择 6 张')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('列数'), { target: { value: '2' } });
    expect(localStorage.getItem('capshelf.grid-columns')).toBe('2');
    fireEvent.change(screen.getByLabelText('列数'), { target: { value: 'auto' } });
    expect(localStorage.getItem('capshelf.grid-columns')).toBeNull();
  });

  /** Opens a two-image episode, downloads one in 大图 and returns the ZIP prefix it asked for. */
  async function largeZipPrefix(list: ImageItem[]) {
    const fetchMock = mockApi({
      ...signedIn(),
      [PROGRESS]: () => json(200, progressAnswer(list)),
      'POST /api/download': () => json(202, { download_id: 'x', file_count: 1, status: 'pending' }),
    });
    renderApp(PAGE);
    // Long enough for the lazy screen's first load when this test runs alone.
    await screen.findByText('共 2 张', {}, { timeout: 10_000 });
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(card(500000));
    fireEvent.click(screen.getByRole('button', { name: '下载选中 (1)' }));
    const sent = () =>
      fetchMock.mock.calls.find(([, init]) => String(init?.body ?? '').includes('filename_prefix'));
    await waitFor(() => expect(sent()).toBeTruthy());
    return JSON.parse(String(sent()![1]!.body)).filename_prefix as string;
  }

  it('says when 大图 come from the compressed host, and names the ZIP after what it holds', async () => {
    const compressed = images(2).map((image) => ({
      ...image,
      large_url: `${image.large_url}&cdn=small`,
    }));
    expect(await largeZipPrefix(compressed)).toBe('Non_Non_Biyori_Episode_1_compressed');
    expect(screen.getByLabelText('大图（压缩）')).toBeTruthy();
    // It names the setting as 设置 shows it.
    expect(screen.getByText(/大图来自压缩图床.*请在设置中切换到“大图CDN”/)).toBeTruthy();
  });

  it('calls 大图 the originals without the small-CDN preference, and the ZIP says large', async () => {
    expect(await largeZipPrefix(images(2))).toBe('Non_Non_Biyori_Episode_1_large');
    expect(screen.getByLabelText('大图（原图）')).toBeTruthy();
    expect(screen.queryByText(/大图来自压缩图床/)).toBeNull();
  });

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
    expect(panel.textContent).toContain('Cloudflare');
    // The server's own wait (retry_after 600 s), not a fixed guess.
    expect(panel.textContent).toContain('请在约 10 分钟后再试');
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

  it('clears the episode cache and reloads the list', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
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
