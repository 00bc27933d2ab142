import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { ApiError } from '../../api';
import {
  episode,
  episodesResponse,
  firstProgressCall,
  images,
  progressAnswer,
  searchResponse,
  showResult,
} from '../../test/browseFixtures';
import { favorites, favWork } from '../../test/favoriteFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { favoriteFailure, FavoriteHeart } from './FavoriteHeart';
import { workTarget } from './targets';

type FetchMock = ReturnType<typeof mockApi>;
const calls = (fetchMock: FetchMock, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);
/** The body of the first such call, once it was made. */
async function bodyOf(fetchMock: FetchMock, method: string, url: string) {
  await waitFor(() => expect(calls(fetchMock, method, url)).toHaveLength(1));
  return JSON.parse(String(calls(fetchMock, method, url)[0]![1]!.body)) as unknown;
}
const stats = () =>
  json(200, { data: { total_items: 0, total_works: 0, total_episodes: 0, total_images: 0 } });

/** A heart that is ready: the favourites list has been read. */
async function readyHeart(name: string, scope: HTMLElement = document.body) {
  const heart = await within(scope).findByRole('button', { name });
  await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
  return heart;
}

describe('favourite heart on search results', () => {
  it('shows saving until the server answers, keeps the saved record, refreshes the badge and removes by record id', async () => {
    let list = favorites();
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/search': () => json(200, searchResponse([showResult])),
      'GET /api/favorites': () => json(200, list),
      'GET /api/favorites/stats': stats,
      'POST /api/favorites/work': () => new Promise<Response>((resolve) => (answer = resolve)),
      'DELETE /api/favorites/work/11': () => json(200, { success: true, message: '已取消收藏' }),
    });
    renderApp('/search?q=non');

    fireEvent.click(await readyHeart('收藏'));
    // Never shown as saved before the server said so.
    const saving = await screen.findByRole('button', { name: '正在收藏' });
    expect(saving.getAttribute('aria-pressed')).toBe('false');
    expect(saving.getAttribute('aria-busy')).toBe('true');
    expect(await bodyOf(fetchMock, 'POST', '/api/favorites/work')).toEqual({
      title: showResult.title,
      work_type: 'Anime',
      original_url: showResult.url,
    });

    const statsReads = calls(fetchMock, 'GET', '/api/favorites/stats').length;
    list = favorites({ works: [favWork(11, { title: showResult.title })] });
    answer(json(201, list.data.works[0]));
    const pressed = await screen.findByRole('button', { name: '取消收藏' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/favorites')).toHaveLength(2));
    await waitFor(() =>
      expect(calls(fetchMock, 'GET', '/api/favorites/stats').length).toBeGreaterThan(statsReads),
    );

    list = favorites();
    fireEvent.click(await readyHeart('取消收藏'));
    const released = await screen.findByRole('button', { name: '收藏' });
    expect(released.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() =>
      expect(calls(fetchMock, 'DELETE', '/api/favorites/work/11')).toHaveLength(1),
    );
  });

  it('rolls back and says why when the add fails', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      ...signedIn(),
      'POST /api/search': () => json(200, searchResponse([showResult])),
      'GET /api/favorites': () => json(200, favorites()),
      'POST /api/favorites/work': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/search?q=non');

    fireEvent.click(await readyHeart('收藏'));
    expect(await screen.findByRole('button', { name: '正在收藏' })).toBeTruthy();
    answer(json(500, {}));

    expect(await screen.findByText('收藏操作失败')).toBeTruthy();
    const heart = screen.getByRole('button', { name: '收藏' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('words failures: log in on a 401, else the server message', () => {
    expect(favoriteFailure(new ApiError(401, 'UNAUTHENTICATED', '登录已过期'))).toBe('请先登录');
    expect(favoriteFailure(new ApiError(400, 'BAD_REQUEST', '标题不能为空'))).toBe('标题不能为空');
    expect(favoriteFailure(new ApiError(500, undefined, undefined))).toBe('收藏操作失败');
    expect(favoriteFailure(new ApiError(0, 'NO_FAVORITE_ID', '找不到收藏记录ID'))).toBe(
      '找不到收藏记录ID',
    );
  });
});

describe('favourite heart when signed out', () => {
  function renderSignedOut(askLogin: boolean) {
    const fetchMock = mockApi({});
    const heart = <FavoriteHeart target={workTarget(showResult)} askLogin={askLogin} />;
    const router = createMemoryRouter(
      [
        { path: '/search', element: heart },
        { path: '/login', element: <h1>登录</h1> },
      ],
      { initialEntries: ['/search?q=non'] },
    );
    render(<App router={router} />);
    return { router, fetchMock };
  }

  it('is disabled with the tooltip 请先登录 and reads nothing', async () => {
    const { fetchMock } = renderSignedOut(false);
    const heart = (await screen.findByRole('button', { name: '收藏' })) as HTMLButtonElement;
    expect(heart.disabled).toBe(true);
    expect(heart.title).toBe('请先登录');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on the search page asks whether to go to login, remembering the page', async () => {
    const { router } = renderSignedOut(true);
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('是否前往登录页面');

    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '收藏' }));
    fireEvent.click(await screen.findByRole('button', { name: '前往登录' }));
    await screen.findByRole('heading', { name: '登录' });
    expect(router.state.location.state).toEqual({ from: '/search?q=non' });
  });
});

describe('favourite hearts on episodes and images', () => {
  it('adds an episode with its work and previews', async () => {
    const one = { ...episode(1), preview_images: ['/api/images/1.jpg?size=thumb&kind=anime'] };
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/episodes': () => json(200, episodesResponse([one])),
      'GET /api/favorites': () => json(200, favorites()),
      'POST /api/favorites/episode': () => json(500, { detail: '服务器繁忙' }),
    });
    renderApp('/episodes/10435?title=Non&contentType=anime');

    fireEvent.click(await readyHeart('收藏'));
    expect(await bodyOf(fetchMock, 'POST', '/api/favorites/episode')).toEqual({
      title: 'Episode 1',
      work_title: 'Non Non Biyori',
      work_id: 10435,
      episode_url: one.url,
      preview_images: one.preview_images,
    });
    expect(await screen.findByText('服务器繁忙')).toBeTruthy();
  });

  it('adds an image with where it comes from, and the lightbox shows the same state', async () => {
    const url = 'https://fancaps.net/anime/episodeimages.php?1001';
    const fetchMock = mockApi({
      ...signedIn(),
      [firstProgressCall(url)]: () => json(200, progressAnswer(images(2))),
      'GET /api/favorites': () => json(200, favorites()),
      'POST /api/favorites/image': () => new Promise<Response>(() => {}),
    });
    renderApp(`/images/${encodeURIComponent(url)}`);
    await screen.findByText('共 2 张');
    const card = () =>
      document.querySelector<HTMLElement>('[data-image-id="500000"]')!.parentElement!;
    await waitFor(() => expect(card()).toBeTruthy());

    fireEvent.click(await readyHeart('收藏', card()));
    expect(await bodyOf(fetchMock, 'POST', '/api/favorites/image')).toEqual({
      image_id: 500000,
      kind: 'anime',
      work_title: 'Non Non Biyori',
      work_id: 10435,
      episode_title: 'Episode 1',
      episode_id: 1001,
      small_url: '/api/images/500000.jpg?size=small&kind=anime',
      large_url: '/api/images/500000.jpg?size=large&kind=anime',
    });

    fireEvent.click(within(card()).getByRole('button', { name: '放大查看' }));
    const dialog = await screen.findByRole('dialog');
    // Still being saved (the server has not answered): the same state in the lightbox.
    const heart = within(dialog).getByRole('button', { name: '正在收藏' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });
});
