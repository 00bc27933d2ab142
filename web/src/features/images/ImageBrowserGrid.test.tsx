import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGES_IN_FLIGHT } from '../../lib/imageQueue';
import type { ImageItem } from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { images, progressAnswer } from '../../test/browseFixtures';
import { card, cards, PAGE, PROGRESS } from './ImageBrowser.fixtures';

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
    await screen.findByText('共 300 张');

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
  });

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
});
