import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { episode, episodesResponse, imagesLink } from '../../test/browseFixtures';
import { REVEAL_DELAY_MS } from './useProgressiveCount';

const PAGE = '/episodes/anime/10435?q=non';
const cards = () => document.querySelectorAll('[data-episode-id]');
const cardTitles = () =>
  [...cards()].map((card) => card.querySelector('span.font-medium')?.textContent);

// 45 episodes, served in a shuffled order.
const many = Array.from({ length: 45 }, (_, n) => episode(((n * 7) % 45) + 1));

describe('episode page', () => {
  it('asks for the show by URL query part and kind, shows 20, then 50 per page', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/episodes': () => json(200, episodesResponse(many)),
    });
    renderApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Non Non Biyori' })).toBeTruthy();
    expect(screen.getByText('共 45 集')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/episodes')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      show_url: '10435',
      kind: 'anime',
    });
    expect(cards()).toHaveLength(20);

    fireEvent.change(screen.getByLabelText('每页数量'), { target: { value: '50' } });
    expect(cards()).toHaveLength(45);
  });

  it('reveals another page 500 ms after load-more', async () => {
    mockApi({ ...signedIn(), 'POST /api/episodes': () => json(200, episodesResponse(many)) });
    renderApp(PAGE);
    const more = await screen.findByRole('button', { name: /加载更多/ });
    // The page's clock from here on: the reveal happens at the delay, not a moment before.
    vi.useFakeTimers();
    try {
      fireEvent.click(more);
      expect(screen.getByRole('button', { name: '加载中...' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(REVEAL_DELAY_MS - 1));
      expect(cards()).toHaveLength(20);
      act(() => vi.advanceTimersByTime(1));
      expect(cards()).toHaveLength(40);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sorts by episode number and filters by text', async () => {
    mockApi({ ...signedIn(), 'POST /api/episodes': () => json(200, episodesResponse(many)) });
    renderApp(PAGE);
    await screen.findByText('共 45 集');

    fireEvent.change(screen.getByLabelText('排序'), { target: { value: 'number' } });
    expect(cardTitles().slice(0, 3)).toEqual(['Episode 1', 'Episode 2', 'Episode 3']);

    fireEvent.change(screen.getByLabelText('筛选剧集'), { target: { value: 'episode 4' } });
    expect(cardTitles()).toEqual([
      'Episode 4',
      'Episode 40',
      'Episode 41',
      'Episode 42',
      'Episode 43',
      'Episode 44',
      'Episode 45',
    ]);

    fireEvent.change(screen.getByLabelText('筛选剧集'), { target: { value: 'special' } });
    expect(screen.getByText('没有符合筛选条件的剧集')).toBeTruthy();
  });

  it('records the access and opens the episode images', async () => {
    const first = episode(1);
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/episodes': () => json(200, episodesResponse([first])),
    });
    const { router } = renderApp(PAGE);
    const card = await screen.findByRole('link', { name: /Episode 1/ });
    // A link: a middle click or "open in new tab" opens the same page.
    // A short address: the kind and id, and the search it came from.
    expect(card.getAttribute('href')).toBe('/images/anime/1001?q=non');
    fireEvent.click(card);

    await waitFor(() => expect(router.state.location.pathname).toBe('/images/anime/1001'));
    expect(router.state.location.search).toBe('?q=non');
    const access = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/images/record-episode-access?'))!;
    expect(Object.fromEntries(new URL(access, 'http://x').searchParams)).toEqual({
      search_term: 'non',
      show_title: 'Non Non Biyori',
      show_id: '10435',
      episode_title: 'Episode 1',
      episode_id: first.url,
    });
  });

  it('sends a movie to its images page without retrying', async () => {
    const movieUrl = 'https://fancaps.net/movies/MovieImages.php?name=Non_Stop&movieid=2731';
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/episodes': () =>
        json(400, {
          detail: {
            error: 'MOVIE_NO_EPISODES',
            image_url: movieUrl,
            movie_title: 'Non-Stop',
            message: '电影内容没有剧集列表，请直接查看图片',
            link: imagesLink(movieUrl),
          },
        }),
    });
    const { router } = renderApp('/episodes/anime/2731?q=non');

    await waitFor(() => expect(router.state.location.pathname).toBe('/images/movie/2731'));
    expect(router.state.location.search).toBe('?q=non');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/episodes')).toHaveLength(1);
  });

  it('opens a movie address on its images page with the search it came from', async () => {
    mockApi({ ...signedIn() });
    const { router } = renderApp('/episodes/movie/2731?q=non&zh=%E4%B8%8D');

    await waitFor(() => expect(router.state.location.pathname).toBe('/images/movie/2731'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('non');
    expect(new URLSearchParams(router.state.location.search).get('zh')).toBe('不');
  });

  it("shows '加载失败' and an empty state", async () => {
    mockApi({
      ...signedIn(),
      'POST /api/episodes': () => json(404, { detail: '作品不存在', code: 'UPSTREAM_NOT_FOUND' }),
    });
    renderApp(PAGE);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载失败');
    expect(alert.textContent).toContain('作品不存在');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('says so when a show has no episodes', async () => {
    mockApi({ ...signedIn(), 'POST /api/episodes': () => json(200, episodesResponse([])) });
    renderApp(PAGE);
    expect(await screen.findByText('暂无剧集')).toBeTruthy();
  });
});
