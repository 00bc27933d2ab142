import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HealthResponse } from '@capshelf/contract';
import { englishUser, json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';
import { episode, episodesResponse } from '../../test/browseFixtures';

const SHOW = 'https://fancaps.net/anime/showimages.php?10434-Non_Non_Biyori';
const EPISODE = 'https://fancaps.net/anime/episodeimages.php?10435-Non_Non_Biyori/Episode_1';
const MOVIE = 'https://fancaps.net/movies/MovieImages.php?name=Non_Stop&movieid=2731';

const health: HealthResponse = {
  status: 'ok',
  role: 'all',
  storage: 'local',
  source_origin: 'https://fancaps.net',
};
const healthy = { 'GET /api/health': () => json(200, health) };
const open = (query: Record<string, string>) => `/open?${new URLSearchParams(query)}`;
const shownPath = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;
/** The bodies of every POST /api/episodes, in order. */
const episodeAsks = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/episodes')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('/open', () => {
  it('opens a show’s episode list at its short address, whatever the scheme or www.', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      ...healthy,
      'POST /api/episodes': () => json(200, episodesResponse([episode(1), episode(2)])),
    });
    const { router } = renderApp(
      open({ url: 'http://www.fancaps.net/anime/showimages.php?10434-Non_Non_Biyori' }),
    );

    expect(await screen.findByRole('heading', { name: 'Non Non Biyori' })).toBeTruthy();
    expect(screen.getByText('共 2 集')).toBeTruthy();
    expect(shownPath(router)).toBe('/episodes/anime/10434');
    // The episode list asks for the show by its id and kind, once.
    expect(episodeAsks(fetchMock)).toEqual([{ show_url: '10434', kind: 'anime' }]);
  });

  it('opens an episode on its images screen', async () => {
    const fetchMock = mockApi({ ...signedIn(), ...healthy });
    const { router } = renderApp(open({ url: EPISODE }));

    await waitFor(() => expect(shownPath(router)).toBe('/images/anime/10435'));
    expect(episodeAsks(fetchMock)).toEqual([]);
  });

  it('opens a movie on its images screen', async () => {
    mockApi({ ...signedIn(), ...healthy });
    const { router } = renderApp(open({ url: MOVIE }));

    await waitFor(() => expect(shownPath(router)).toBe('/images/movie/2731'));
  });

  it('says a source address of no page it has (a picture) cannot be opened', async () => {
    mockApi({ ...signedIn(), ...healthy });
    renderApp(open({ url: 'https://fancaps.net/anime/picture.php?/7123823' }));

    expect(
      await screen.findByText('这是 fancaps 的地址，但不是作品、剧集、电影或搜索页面。'),
    ).toBeTruthy();
  });

  it('opens a search address as the search for its query, without asking for episodes', async () => {
    const fetchMock = mockApi({ ...signedIn(), ...healthy });
    const { router } = renderApp(
      open({
        url: 'https://fancaps.net/search.php?q=Non+Non&MoviesCB=Movies&TVCB=TV&animeCB=Anime&submit=Submit+Query',
      }),
    );

    await waitFor(() => expect(shownPath(router)).toBe('/search?q=Non+Non'));
    expect(await screen.findByRole('heading', { name: '搜索', level: 1 })).toBeTruthy();
    expect(episodeAsks(fetchMock)).toEqual([]);
  });

  it('finds the address in a share target’s text with words around it', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      ...healthy,
      'POST /api/episodes': () => json(200, episodesResponse([episode(1)])),
    });
    const { router } = renderApp(
      open({ title: 'Non Non Biyori', text: `快看这个：${SHOW}，超好看！` }),
    );

    expect(await screen.findByRole('heading', { name: 'Non Non Biyori' })).toBeTruthy();
    expect(shownPath(router)).toBe('/episodes/anime/10434');
    expect(episodeAsks(fetchMock)).toEqual([{ show_url: '10434', kind: 'anime' }]);
  });

  it('takes the origin the server names as the source (a replica in tests)', async () => {
    const replica = 'https://127.0.0.1:8100';
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/health': () => json(200, { ...health, source_origin: replica }),
      'POST /api/episodes': () => json(200, episodesResponse([episode(1)])),
    });
    renderApp(open({ url: `${replica}/anime/showimages.php?10434` }));

    expect(await screen.findByRole('heading', { name: 'Non Non Biyori' })).toBeTruthy();
    expect(episodeAsks(fetchMock)).toEqual([{ show_url: '10434', kind: 'anime' }]);
  });

  it('says plainly that another site’s address cannot be opened, with a way to search', async () => {
    const fetchMock = mockApi({ ...signedIn(), ...healthy });
    renderApp(open({ url: 'https://www.youtube.com/watch?v=abc' }));

    expect(await screen.findByRole('heading', { name: '无法在 capshelf 中打开' })).toBeTruthy();
    expect(screen.getByText('这不是 fancaps 的地址。')).toBeTruthy();
    expect(screen.getByText('https://www.youtube.com/watch?v=abc')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去搜索' }).getAttribute('href')).toBe('/search');
    expect(episodeAsks(fetchMock)).toEqual([]);
  });

  it('says the same in English', async () => {
    mockApi({ ...signedIn(englishUser), ...healthy });
    renderApp(open({ url: 'https://example.com/anime/showimages.php?10434' }));

    expect(await screen.findByRole('heading', { name: 'capshelf cannot open this' })).toBeTruthy();
    expect(screen.getByText('This is not a fancaps address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to search' }).getAttribute('href')).toBe('/search');
  });

  it('offers a search for words shared without an address', async () => {
    mockApi({ ...signedIn(), ...healthy });
    renderApp(open({ title: 'Non Non Biyori' }));

    expect(await screen.findByText('没有收到要打开的地址。')).toBeTruthy();
    const search = screen.getByRole('link', { name: '搜索“Non Non Biyori”' });
    expect(search.getAttribute('href')).toBe('/search?q=Non+Non+Biyori');
  });

  it('shows a failed read of the source with a retry', async () => {
    let calls = 0;
    mockApi({
      ...signedIn(),
      ...healthy,
      'POST /api/episodes': () => {
        calls += 1;
        return calls === 1
          ? json(404, { detail: '作品不存在', code: 'UPSTREAM_NOT_FOUND' })
          : json(200, episodesResponse([episode(1)]));
      },
    });
    renderApp(open({ url: SHOW }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('作品不存在');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: 'Non Non Biyori' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in, then opens the address', async () => {
    mockApi({
      ...healthy,
      'POST /api/auth/login': () =>
        json(200, { access_token: 'fresh', token_type: 'bearer', user: testUser }),
      'POST /api/episodes': () => json(200, episodesResponse([episode(1)])),
    });
    const { router } = renderApp(open({ url: SHOW }));

    await screen.findByRole('heading', { name: '登录' });
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'alice@example.com' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByRole('heading', { name: 'Non Non Biyori' })).toBeTruthy();
    expect(shownPath(router)).toBe('/episodes/anime/10434');
  });
});
