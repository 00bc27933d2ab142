import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn, testUser } from '../../../test/helpers';
import { libraryImages, localLibrary } from '../../../test/libraryFixtures';

const list = (sort: string, page = 1) =>
  `GET /api/images/local-library?page=${page}&limit=200&sort_by=${sort}`;
const cardIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-image-id]')].map((c) => c.dataset.imageId);

describe('local library', () => {
  it('asks for date_desc first, re-asks on a new sort and shows that order with captions', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      [list('date_desc')]: () => json(200, localLibrary(libraryImages(3))),
      [list('id_desc')]: () => json(200, localLibrary(libraryImages(3).reverse())),
    });
    const { router } = renderApp('/local-library');
    expect(await screen.findByRole('heading', { name: '本地图库' })).toBeTruthy();
    await waitFor(() => expect(cardIds()).toEqual(['500000', '500001', '500002']));
    expect(screen.getByText('共 3 张')).toBeTruthy();
    expect(screen.getByText('Non Non Biyori · Episode 1')).toBeTruthy();
    expect((screen.getByLabelText('排序') as HTMLSelectElement).value).toBe('date_desc');

    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'id_desc' } });
    await waitFor(() => expect(cardIds()).toEqual(['500002', '500001', '500000']));
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/api/images/local-library?page=1&limit=200&sort_by=id_desc',
    );
    expect(router.state.location.search).toBe('?sort=id_desc');
    // Each picture keeps its favourite heart, named after its own work and episode.
    expect(screen.getAllByRole('button', { name: '收藏' }).length).toBeGreaterThan(0);
  });

  it("names a movie once: its one episode carries the work's title", async () => {
    const title = 'Miraculous: Ladybug & Cat Noir, the Movie (2023)';
    const [movie, episode] = libraryImages(2);
    const images = [{ ...movie!, work_title: title, episode_title: title }, episode!];
    mockApi({ ...signedIn(), [list('date_desc')]: () => json(200, localLibrary(images)) });
    renderApp('/local-library');
    await waitFor(() => expect(cardIds()).toEqual(['500000', '500001']));
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.queryByText(`${title} · ${title}`)).toBeNull();
    expect(screen.getByText('Non Non Biyori · Episode 2')).toBeTruthy();
  });

  it('pages through the library and starts again at page 1 on a new sort', async () => {
    mockApi({
      ...signedIn(),
      [list('date_desc')]: () => json(200, localLibrary(libraryImages(2), 450)),
      [list('date_desc', 2)]: () => json(200, localLibrary(libraryImages(2, 600_000), 450, 2)),
      [list('size_asc')]: () => json(200, localLibrary(libraryImages(1, 700_000), 450)),
    });
    const { router } = renderApp('/local-library');
    const pager = await screen.findByRole('navigation', { name: '分页' });
    expect(within(pager).getByText('第 1 / 3 页')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(cardIds()[0]).toBe('600000'));
    expect(screen.getByText('第 2 / 3 页')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');

    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'size_asc' } });
    await waitFor(() => expect(cardIds()).toEqual(['700000']));
    expect(router.state.location.search).toBe('?sort=size_asc');
  });

  it('offers the clear-all button to admins only, confirms, then reloads the totals', async () => {
    let stats = 0;
    const fetchMock = mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      [list('date_desc')]: () => json(200, localLibrary(libraryImages(1))),
      // The dialog counts the whole shared cache; the home page the admin's own library.
      'GET /api/images/cache-stats': () =>
        json(200, { total_images: 1, size_bytes: 1, size_human: '1 B' }),
      'GET /api/images/local-library/stats': () =>
        json(200, { total_images: ++stats, size_bytes: 1, size_human: '1 B' }),
      'DELETE /api/images/cache/files?clear_all=true': () =>
        json(200, { deleted_files: 9, message: '已删除 9 个图片文件' }),
    });
    const { router } = renderApp('/');
    await screen.findByText('已缓存 1 张图片 · 占用 1 B');
    await router.navigate('/local-library');

    fireEvent.click(await screen.findByRole('button', { name: '清除全部缓存' }));
    const dialog = await screen.findByRole('alertdialog');
    // It says how much goes.
    expect(dialog.textContent).toContain('全部 1 张图片（1 B）');
    fireEvent.click(within(dialog).getByRole('button', { name: '清除' }));
    expect(await screen.findByText('已删除 9 个图片文件')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes).toHaveLength(1);

    await router.navigate('/');
    expect(await screen.findByText('已缓存 2 张图片 · 占用 1 B')).toBeTruthy();
  });

  it('shows an admin their own images first, and every user’s on 全部用户', async () => {
    mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      [list('date_desc')]: () => json(200, localLibrary(libraryImages(1))),
      [`${list('date_desc')}&scope=all`]: () => json(200, localLibrary(libraryImages(3))),
    });
    const { router } = renderApp('/local-library');
    expect(await screen.findByText('共 1 张')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '全部用户' }));
    expect(await screen.findByText('共 3 张')).toBeTruthy();
    expect(router.state.location.search).toBe('?scope=all');
    expect(screen.getByRole('link', { name: '分类浏览' }).getAttribute('href')).toBe(
      '/categorized-library?scope=all',
    );
    fireEvent.click(screen.getByRole('radio', { name: '我的' }));
    expect(await screen.findByText('共 1 张')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('explains an empty library and offers 开始搜索, as the search history library does', async () => {
    mockApi({ ...signedIn(), [list('date_desc')]: () => json(200, localLibrary([])) });
    const { router } = renderApp('/local-library');
    expect(await screen.findByText('本地图库还是空的')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '本地图库' })).toBeTruthy();
    expect(
      screen.getByText(
        '打开剧集浏览截图后，服务器为您缓存的图片会出现在这里，可以排序、挑选并打包下载。',
      ),
    ).toBeTruthy();
    // Not the grid's toolbar over a bare "暂无图片".
    expect(screen.queryByLabelText('排序')).toBeNull();
    expect(screen.queryByText('暂无图片')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '开始搜索' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });

  it('keeps the admin’s 全部用户 switch on an empty library', async () => {
    mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      [list('date_desc')]: () => json(200, localLibrary([])),
      [`${list('date_desc')}&scope=all`]: () => json(200, localLibrary(libraryImages(2))),
    });
    renderApp('/local-library');
    await screen.findByText('本地图库还是空的');
    fireEvent.click(screen.getByRole('radio', { name: '全部用户' }));
    expect(await screen.findByText('共 2 张')).toBeTruthy();
  });

  it('hides the clear-all button from other users', async () => {
    mockApi({
      ...signedIn(),
      [list('date_desc')]: () => json(200, localLibrary(libraryImages(1))),
    });
    renderApp('/local-library');
    await screen.findByText('共 1 张');
    expect(screen.queryByRole('button', { name: '清除全部缓存' })).toBeNull();
    expect(screen.queryByRole('radio', { name: '全部用户' })).toBeNull();
    expect(screen.getByRole('link', { name: '分类浏览' }).getAttribute('href')).toBe(
      '/categorized-library',
    );
  });
});
