import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FavoriteLists } from '@capshelf/contract';
import { favEpisode, favImage, favorites, favWork } from '../../../test/favoriteFixtures';
import { imagesLink } from '../../../test/browseFixtures';
import { json, mockApi, renderApp, signedIn } from '../../../test/helpers';
import { downloadList } from '../../../test/downloadFixtures';

type Handlers = Parameters<typeof mockApi>[0];
type FetchMock = ReturnType<typeof mockApi>;

const sample: FavoriteLists = {
  works: [
    favWork(1, { title: 'Non Non Biyori' }),
    favWork(2, { title: 'Bleach', work_type: 'TV', content_type: 'tv', created_at: 'garbage' }),
  ],
  episodes: [favEpisode(3), favEpisode(4, { title: 'The Substitute', work_title: 'Bleach' })],
  images: [favImage(5), favImage(6), favImage(7, { work_title: 'Bleach', episode_title: '' })],
};

/** The favourites screen over `lists`; the list handler answers whatever `lists` is now. */
function favoritesScreen(path = '/favorites', handlers: Handlers = {}, lists = sample) {
  const fetchMock = mockApi({
    ...signedIn(),
    'GET /api/favorites': () => json(200, favorites(lists)),
    ...handlers,
  });
  const view = renderApp(path);
  return { fetchMock, ...view };
}

const calls = (fetchMock: FetchMock, url: string) =>
  fetchMock.mock.calls.filter(([u]) => u === url);
async function bodyOf(fetchMock: FetchMock, url: string) {
  await waitFor(() => expect(calls(fetchMock, url)).toHaveLength(1));
  return JSON.parse(String(calls(fetchMock, url)[0]![1]!.body)) as unknown;
}
const tab = (name: string) => screen.getByRole('tab', { name });
const bar = () => screen.getByRole('region', { name: '已选择的收藏' });
const check = (name: string) => fireEvent.click(screen.getByRole('checkbox', { name }));

afterEach(() => vi.restoreAllMocks());

describe('favourites screen', () => {
  it('shows totals, tabs with counts, and filters by title case-insensitively', async () => {
    favoritesScreen();
    expect(await screen.findByRole('heading', { name: '我的收藏' })).toBeTruthy();
    expect(await screen.findByText('总计 7 项：作品 2，剧集 2，图片 3')).toBeTruthy();
    expect(tab('作品 (2)').getAttribute('aria-selected')).toBe('true');
    expect(tab('剧集 (2)')).toBeTruthy();
    expect(tab('图片 (3)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('搜索收藏'), { target: { value: 'BLEACH' } });
    expect(tab('作品 (1)')).toBeTruthy();
    expect(tab('剧集 (1)')).toBeTruthy();
    expect(tab('图片 (1)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bleach' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Non Non Biyori' })).toBeNull();

    fireEvent.change(screen.getByLabelText('搜索收藏'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('没有符合搜索条件的收藏')).toBeTruthy();
  });

  it('links works by kind and shows 未知 for a bad date', async () => {
    const movieUrl = 'https://fancaps.net/movies/MovieImages.php?movieid=2731';
    const movie = favWork(8, {
      title: 'Non-Stop',
      content_type: 'movie',
      kind: 'movie',
      work_id: 2731,
      original_url: movieUrl,
      link: imagesLink(movieUrl),
    });
    favoritesScreen('/favorites', {}, { ...sample, works: [...sample.works, movie] });
    const show = await screen.findByRole('link', { name: 'Non Non Biyori' });
    expect(show.getAttribute('href')).toBe('/episodes/anime/10001');
    expect(screen.getByRole('link', { name: 'Non-Stop' }).getAttribute('href')).toBe(
      '/images/movie/2731',
    );
    const original = screen.getByRole('link', { name: '打开原始页面 Bleach' });
    expect(original.getAttribute('target')).toBe('_blank');
    expect(original.getAttribute('rel')).toBe('noreferrer');
    expect(screen.getByText('收藏于 未知')).toBeTruthy();
  });

  it('groups episodes by work or lists them flat, and opens their images', async () => {
    favoritesScreen('/favorites?tab=episodes');
    expect(await screen.findByRole('region', { name: 'Non Non Biyori' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bleach' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Episode 3' }).getAttribute('href')).toBe(
      '/images/anime/1003',
    );
    fireEvent.click(screen.getByLabelText('按剧集平铺'));
    expect(screen.queryByRole('region', { name: 'Bleach' })).toBeNull();
    expect(screen.getByRole('link', { name: 'The Substitute' })).toBeTruthy();
  });

  it('switches tabs and image views', async () => {
    const { router } = favoritesScreen();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: '图片 (3)' }));
    expect(router.state.location.search).toBe('?tab=images');
    expect(screen.getByRole('region', { name: 'Non Non Biyori' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('按剧集'));
    expect(screen.getByRole('region', { name: 'Non Non Biyori - Episode 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bleach - 未知剧集' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('直接显示'));
    expect(screen.queryByRole('region', { name: 'Bleach - 未知剧集' })).toBeNull();
    expect(screen.getAllByRole('gridcell')).toHaveLength(3);
  });

  it('keeps a selection per tab and deletes only the tab shown after confirming', async () => {
    let lists = sample;
    let answer: (response: Response) => void = () => {};
    const { fetchMock } = favoritesScreen('/favorites', {
      'GET /api/favorites': () => json(200, favorites(lists)),
      'POST /api/favorites/batch/delete': () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择 Non Non Biyori' }));
    expect(within(bar()).getByText('已选择 1 项')).toBeTruthy();
    // Another tab shows its own selection: nothing there, nothing to delete.
    fireEvent.mouseDown(tab('剧集 (2)'));
    expect(within(bar()).getByText('已选择 0 项')).toBeTruthy();
    const remove = within(bar()).getByRole('button', { name: '删除选中' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    check('选择 Episode 3');
    check('选择 The Substitute');
    expect(within(bar()).getByText('已选择 2 项')).toBeTruthy();

    fireEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: '确认删除' });
    expect(dialog.textContent).toContain('确定要删除选中的 2 项收藏吗');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));

    const pending = await within(dialog).findByRole('button', { name: '删除中...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(dialog).getByRole('button', { name: '取消' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(await bodyOf(fetchMock, '/api/favorites/batch/delete')).toEqual({
      work_ids: [],
      episode_ids: [3, 4],
      image_ids: [],
    });

    lists = { ...sample, episodes: [] };
    answer(json(200, { success: true, deleted: { works: 0, episodes: 2, images: 0 } }));
    expect(await screen.findByText('已删除 2 项收藏')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(bar()).getByText('已选择 0 项')).toBeTruthy();
    expect(tab('剧集 (0)')).toBeTruthy();
    // The works tab kept its own.
    fireEvent.mouseDown(tab('作品 (2)'));
    expect(within(bar()).getByText('已选择 1 项')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: '选择 Non Non Biyori' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('deletes one favourite after confirming', async () => {
    const { fetchMock } = favoritesScreen('/favorites', {
      'DELETE /api/favorites/work/2': () => json(200, { success: true, message: '已删除' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '删除 Bleach' }));
    const dialog = await screen.findByRole('alertdialog', { name: '确认删除' });
    expect(dialog.textContent).toContain('Bleach');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls(fetchMock, '/api/favorites/work/2')).toHaveLength(1);
  });

  it('downloads the selected images at the chosen size with the favourites prefix', async () => {
    const { fetchMock } = favoritesScreen('/favorites?tab=images', {
      'GET /api/download': () => json(200, downloadList([])),
      'POST /api/download': () =>
        json(202, { download_id: 'task-0000000001', file_count: 2, status: 'pending' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '下载选中 (0)' }));
    expect(await screen.findByText('请先选择要下载的图片')).toBeTruthy();
    expect(calls(fetchMock, '/api/download').some(([, init]) => init?.method === 'POST')).toBe(
      false,
    );

    // The image screen's grid: a click selects.
    fireEvent.click(screen.getByRole('button', { name: '图片 500007' }));
    fireEvent.click(screen.getByRole('button', { name: '图片 500005' }));
    fireEvent.click(within(bar()).getByLabelText('缩略图'));
    fireEvent.click(screen.getByRole('button', { name: '下载选中 (2)' }));
    await waitFor(() =>
      expect(calls(fetchMock, '/api/download').some(([, init]) => init?.method === 'POST')).toBe(
        true,
      ),
    );
    const post = calls(fetchMock, '/api/download').find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      image_urls: [
        '/api/images/500005.jpg?size=thumb&kind=anime',
        '/api/images/500007.jpg?size=thumb&kind=anime',
      ],
      filename_prefix: 'fancaps_favorites',
      size: 'thumb',
    });
  });

  it('gives the images tab the image screen grid: Shift-click ranges, keys, lightbox', async () => {
    favoritesScreen('/favorites?tab=images', {
      'GET /api/download': () => json(200, downloadList([])),
    });
    fireEvent.click(await screen.findByLabelText('直接显示'));
    const tile = (id: number) => screen.getByRole('button', { name: `图片 ${id}` });
    fireEvent.click(tile(500005));
    fireEvent.click(tile(500007), { shiftKey: true });
    expect(within(bar()).getByText('已选择 3 项')).toBeTruthy();
    expect(tile(500006).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    expect(within(bar()).getByText('已选择 0 项')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'a', code: 'KeyA' });
    expect(within(bar()).getByText('已选择 3 项')).toBeTruthy();

    tile(500005).focus();
    fireEvent.keyDown(tile(500005), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(document.activeElement).toBe(tile(500006));
    fireEvent.keyDown(tile(500006), { key: 'Enter', code: 'Enter' });
    const lightbox = await screen.findByRole('dialog');
    expect(within(lightbox).getByRole('heading').textContent).toBe('图片 500006');
    fireEvent.click(within(lightbox).getByRole('button', { name: '取消选择' }));
    expect(within(bar()).getByText('已选择 2 项')).toBeTruthy();
  });

  it('exports to a dated JSON file', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 4, 10, 30));
    const data = { version: 1, exported_at: 'now', ...sample };
    favoritesScreen('/favorites', {
      'GET /api/favorites/export': () => json(200, { success: true, data }),
    });
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:favorites';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });

    fireEvent.click(await screen.findByRole('button', { name: '导出' }));
    await waitFor(() => expect(names).toEqual(['fancaps-favorites-2026-03-04.json']));
    expect(JSON.parse(await blobs[0]!.text())).toEqual(data);
  });

  it('imports a saved file and tells the counts', async () => {
    const saved = { success: true, data: { version: 1, works: [], episodes: [], images: [] } };
    const { fetchMock } = favoritesScreen('/favorites', {
      'POST /api/favorites/import': () =>
        json(200, {
          success: true,
          imported: { works: 1, episodes: 0, images: 2 },
          skipped: { works: 0, episodes: 1, images: 0 },
        }),
    });
    await screen.findByRole('heading', { name: '我的收藏' });
    const input = screen.getByLabelText('导入收藏文件');

    fireEvent.change(input, { target: { files: [new File(['{oops'], 'bad.json')] } });
    expect(await screen.findByText('导入失败: 文件不是有效的 JSON')).toBeTruthy();

    const file = new File([JSON.stringify(saved)], 'favorites.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(
      await screen.findByText('导入完成：作品 1，剧集 0，图片 2（已存在 1 项，已跳过）'),
    ).toBeTruthy();
    expect(await bodyOf(fetchMock, '/api/favorites/import')).toEqual(saved);
  });

  it('says when there is nothing yet, and when loading failed', async () => {
    favoritesScreen('/favorites', {}, favorites().data);
    expect(await screen.findByText('还没有收藏任何内容')).toBeTruthy();
  });

  it("shows '加载收藏数据失败' with the message or 未知错误", async () => {
    favoritesScreen('/favorites', { 'GET /api/favorites': () => json(400, {}) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载收藏数据失败: 未知错误');
  });
});
