import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn, testUser } from '../../../test/helpers';
import {
  categorized,
  categoryEpisode,
  libraryCategory,
  libraryImages,
} from '../../../test/libraryFixtures';

const LEVEL1 = (page = 1, limit = 20) =>
  `GET /api/images/local-library-categorized?page=${page}&limit=${limit}`;
const LEVEL3 = (category: string, episode: string, page = 1) =>
  `GET /api/images/local-library/category/${encodeURIComponent(category)}/episode/${encodeURIComponent(episode)}?page=${page}&limit=10000`;

const card = (attribute: string, value: string) =>
  document.querySelector<HTMLElement>(`[${attribute}="${value}"]`);
const open = (attribute: string, value: string) =>
  fireEvent.click(within(card(attribute, value)!).getByRole('link'));
const back = () => fireEvent.click(screen.getByRole('button', { name: '返回' }));

const uncategorized = libraryCategory(0, {
  show_name: '未分类',
  work: null,
  link: null,
  category: 'uncategorized',
  episode_count: 1,
  episodes: [
    {
      episode_name: '全部',
      episode_id: null,
      episode_key: 'all',
      kind: null,
      link: null,
      image_count: 5,
      images: [],
    },
  ],
});

describe('categorized library', () => {
  it('goes down works → episodes → images and back up, page reset on each level', async () => {
    const works = [libraryCategory(1), uncategorized];
    const fetchMock = mockApi({
      ...signedIn(),
      [LEVEL1()]: () => json(200, categorized(works, { total_categories: 25 })),
      [LEVEL1(2)]: () => json(200, categorized(works, { total_categories: 25, page: 2 })),
      [LEVEL3('anime:1', '12')]: () =>
        json(200, categoryEpisode(libraryImages(3), { episode_name: 'Episode 2', episode_id: 12 })),
    });
    const { router } = renderApp('/categorized-library');

    expect(await screen.findByText('作品 25 部，图片 60 张')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '分类图库' })).toBeTruthy();
    const work = card('data-category', 'anime:1')!;
    expect(within(work).getByText('Work 1')).toBeTruthy();
    expect(within(work).getByText('2 集')).toBeTruthy();
    expect(within(work).getByText('30 张图片')).toBeTruthy();
    // Previews load through the page's image queue, a few at a time: each loaded one frees a slot.
    await waitFor(() => expect(work.querySelectorAll('img').length).toBeGreaterThan(0));
    for (const img of work.querySelectorAll('img')) fireEvent.load(img);
    await waitFor(() => expect(work.querySelectorAll('img')).toHaveLength(4));
    expect(within(work).getByRole('button', { name: '收藏' })).toBeTruthy();
    // The uncategorized group has no work to favourite.
    expect(
      within(card('data-category', 'uncategorized')!).queryByRole('button', { name: '收藏' }),
    ).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('第 2 / 2 页')).toBeTruthy();

    // Level 2 from the cached works, page back to 1.
    open('data-category', 'anime:1');
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeTruthy();
    expect(router.state.location.search).toBe('?category=anime%3A1');
    const episode = card('data-episode-key', '12')!;
    expect(within(episode).getByText('Episode 2')).toBeTruthy();
    expect(within(episode).getByText('15 张图片')).toBeTruthy();

    // Level 3: the image grid, with the keys in the path exactly as given.
    open('data-episode-key', '12');
    expect(await screen.findByRole('heading', { name: 'Work 1 - Episode 2' })).toBeTruthy();
    expect(router.state.location.search).toBe('?category=anime%3A1&episode=12');
    await waitFor(() => expect(document.querySelectorAll('[data-image-id]')).toHaveLength(3));
    expect(screen.getAllByRole('link', { name: '在新标签页打开' })).toHaveLength(3);
    expect(screen.getByText('共 3 张')).toBeTruthy();

    back();
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeTruthy();
    back();
    expect(await screen.findByRole('heading', { name: '分类图库' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The work came from the cached works page: no page-by-page lookup.
    const lookups = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('&limit=100'));
    expect(lookups).toEqual([]);
  });

  it('finds the work again after a reload and follows browser back', async () => {
    mockApi({
      ...signedIn(),
      [LEVEL1()]: () => json(200, categorized([libraryCategory(1)])),
      [LEVEL1(1, 100)]: () => json(200, categorized([libraryCategory(1)], { limit: 100 })),
      [LEVEL3('anime:1', '11')]: () => json(200, categoryEpisode(libraryImages(1))),
    });
    const { router } = renderApp('/categorized-library?category=anime:1');
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeTruthy();
    open('data-episode-key', '11');
    expect(await screen.findByRole('heading', { name: 'Work 1 - Episode 1' })).toBeTruthy();
    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeTruthy();
  });

  it('lets an admin switch to 全部用户 and keeps that choice down the levels', async () => {
    const all = `${LEVEL1()}&scope=all`;
    const fetchMock = mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      [LEVEL1()]: () => json(200, categorized([], { total_categories: 0, total_images: 0 })),
      [all]: () => json(200, categorized([libraryCategory(1)], { total_categories: 1 })),
      [`${LEVEL3('anime:1', '12')}&scope=all`]: () =>
        json(200, categoryEpisode(libraryImages(2), { episode_name: 'Episode 2', episode_id: 12 })),
    });
    const { router } = renderApp('/categorized-library');
    expect(await screen.findByText('分类图库还是空的')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '我的' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: '全部用户' }));
    expect(await screen.findByText('Work 1')).toBeTruthy();
    expect(router.state.location.search).toBe('?scope=all');
    open('data-category', 'anime:1');
    open('data-episode-key', '12');
    await waitFor(() => expect(document.querySelectorAll('[data-image-id]')).toHaveLength(2));
    expect(router.state.location.search).toBe('?scope=all&category=anime%3A1&episode=12');
    expect(fetchMock.mock.calls.some(([url]) => url === all.slice(4))).toBe(true);
  });

  it('gives a plain user their own library, without the switch, whatever the URL says', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      [LEVEL1()]: () => json(200, categorized([], { total_categories: 0, total_images: 0 })),
    });
    renderApp('/categorized-library?scope=all');
    expect(await screen.findByText('分类图库还是空的')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '全部用户' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('scope=all'))).toBe(false);
  });

  it("explains a new user's empty library and offers 开始搜索, and says when an episode has no images", async () => {
    mockApi({
      ...signedIn(),
      [LEVEL1()]: () => json(200, categorized([])),
      [LEVEL1(1, 100)]: () => json(200, categorized([uncategorized], { limit: 100 })),
      [LEVEL3('uncategorized', 'all')]: () =>
        json(200, categoryEpisode([], { show_name: '未分类', episode_name: '全部', work: null })),
    });
    const { router } = renderApp('/categorized-library');
    expect(await screen.findByText('分类图库还是空的')).toBeTruthy();
    expect(
      screen.getByText('打开剧集浏览截图后，服务器为您缓存的图片会按作品和剧集分类整理在这里。'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '开始搜索' }).getAttribute('href')).toBe('/search');
    // Nothing to filter or count yet.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByText('作品 0 部，图片 0 张')).toBeNull();

    await router.navigate('/categorized-library?category=uncategorized&episode=all');
    expect(await screen.findByText('此集数暂无图片')).toBeTruthy();
  });

  it('shows the failure box with the message, else 未知错误, and retries', async () => {
    let fail = true;
    // 4xx answers, which the query client does not retry.
    mockApi({
      ...signedIn(),
      [LEVEL1()]: () =>
        fail ? json(400, { detail: '参数错误' }) : json(200, categorized([libraryCategory(1)])),
      [LEVEL1(1, 100)]: () => json(403, {}),
    });
    const { router } = renderApp('/categorized-library');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载分类图片库失败: 参数错误');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('Work 1')).toBeTruthy();

    await router.navigate('/categorized-library?category=anime:9');
    expect((await screen.findByRole('alert')).textContent).toContain(
      '加载分类图片库失败: 未知错误',
    );
  });
});
