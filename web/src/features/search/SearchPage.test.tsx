import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '@capshelf/contract';
import { englishUser, json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { movieResult, searchResponse, showResult } from '../../test/browseFixtures';

const searchCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(
    ([url]) => String(url).startsWith('/api/search?') || url === '/api/search',
  );
const callsTo = (fetchMock: ReturnType<typeof mockApi>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);
const entry = (query: string, results_count = 1) => ({
  query,
  results_count,
  searched_at: '2026-11-26T09:00:00.000Z',
});

function typeQuery(text: string) {
  fireEvent.change(screen.getByLabelText('搜索内容'), { target: { value: text } });
}

describe('search page', () => {
  it('searches with the chosen type, keeps it in the URL and records the search on the server', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/search': () => json(200, searchResponse([showResult, movieResult], true)),
      'GET /api/search/recent': () => json(200, { searches: [] }),
      'POST /api/search/recent': () => json(204),
    });
    const { router } = renderApp('/search');
    await screen.findByRole('heading', { name: '搜索' });

    typeQuery('  Non ');
    fireEvent.click(screen.getByLabelText('动漫'));
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));

    expect(await screen.findByText('Non Non Biyori')).toBeTruthy();
    expect(screen.getByText('缓存数据')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '搜索结果' })).getByText('动漫')).toBeTruthy();
    expect(screen.getByText('2013')).toBeTruthy();
    expect(JSON.parse(String(searchCalls(fetchMock)[0]![1]!.body))).toEqual({
      query: 'non',
      content_type: 'anime',
    });
    expect(router.state.location.search).toBe('?q=Non&type=anime');
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/search/recent')).toHaveLength(1));
    const recorded = callsTo(fetchMock, 'POST', '/api/search/recent')[0]![1]!.body;
    expect(JSON.parse(String(recorded))).toEqual({ query: 'Non', results_count: 2 });
    // Kept on the server only: nothing of this account stays in the browser.
    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    expect(stored.filter((value) => value.includes('Non'))).toEqual([]);
  });

  it('cannot submit a second search while one runs', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/search': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/search');
    await screen.findByRole('heading', { name: '搜索' });

    typeQuery('non');
    const button = screen.getByRole('button', { name: '搜索' });
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    fireEvent.click(button);

    const running = await screen.findByRole('button', { name: '搜索中...' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(running.closest('form')!);
    expect(searchCalls(fetchMock)).toHaveLength(1);

    answer(json(200, searchResponse([])));
    expect(await screen.findByText('未找到相关内容')).toBeTruthy();
    expect(searchCalls(fetchMock)).toHaveLength(1);
  });

  it('ignores a blank query', async () => {
    const fetchMock = mockApi({ ...signedIn() });
    renderApp('/search');
    await screen.findByRole('heading', { name: '搜索' });
    typeQuery('   ');
    fireEvent.submit(screen.getByRole('search'));
    expect(searchCalls(fetchMock)).toHaveLength(0);
  });

  it('shows 8 of the account’s recent searches and its suggestions after 2 characters, debounced', async () => {
    const stored = Array.from({ length: 10 }, (_, n) => entry(`non ${n}`, n));
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/search': () => json(200, searchResponse([showResult])),
      'GET /api/search/recent': () => json(200, { searches: stored }),
      'POST /api/search/recent': () => json(204),
      'GET /api/search/recent/suggestions?q=no': () => json(200, { searches: stored.slice(0, 5) }),
    });
    const { router } = renderApp('/search');

    const recent = await screen.findByRole('region', { name: '最近搜索' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...stored.slice(0, 8).map((entry) => entry.query), '清除']);

    typeQuery('n');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(screen.queryByRole('list', { name: '搜索建议' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('suggestions'))).toBe(false);

    typeQuery('no');
    // Not before the 300 ms debounce...
    expect(screen.queryByRole('list', { name: '搜索建议' })).toBeNull();
    // ...then at most 5.
    const list = await screen.findByRole('list', { name: '搜索建议' });
    expect(within(list).getAllByRole('button')).toHaveLength(5);
    expect(callsTo(fetchMock, 'GET', '/api/search/recent/suggestions?q=no')).toHaveLength(1);

    fireEvent.click(within(recent).getByRole('button', { name: 'non 3' }));
    await screen.findByText('Non Non Biyori');
    expect(router.state.location.search).toBe('?q=non+3&type=all');
    expect(searchCalls(fetchMock)).toHaveLength(1);
  });

  it('suggests works for a Chinese name, shows the Chinese name beside the source title, and offers the names tried when nothing is found', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/search/recent': () => json(200, { searches: [] }),
      'POST /api/search/recent': () => json(204),
      [`GET /api/search/recent/suggestions?q=${encodeURIComponent('悠哉日常')}`]: () =>
        json(200, { searches: [] }),
      [`GET /api/search/titles?q=${encodeURIComponent('悠哉日常')}`]: () =>
        json(200, {
          suggestions: [
            {
              chinese_name: '悠哉日常大王',
              ref: '76371',
              original_title: 'のんのんびより',
              year: 2013,
              type: 'tv',
            },
          ],
        }),
      'POST /api/search': (body) =>
        (body as { query: string }).query === '悠哉日常大王'
          ? json(200, {
              ...searchResponse([
                { ...showResult, chinese_name: '悠哉日常大王', title_ref: '76371' },
              ]),
              title_matches: [
                {
                  chinese_name: '悠哉日常大王',
                  ref: '76371',
                  original_title: 'のんのんびより',
                  year: 2013,
                  queries: ['Non Non Biyori'],
                  tried: ['Non Non Biyori'],
                },
              ],
            })
          : (body as { query: string }).query === '孤独摇滚'
            ? json(200, {
                ...searchResponse([]),
                title_matches: [
                  {
                    chinese_name: '孤独摇滚！',
                    ref: '328609',
                    original_title: 'ぼっち・ざ・ろっく！',
                    year: 2022,
                    queries: ['BOCCHI THE ROCK!', 'botchi za rokku'],
                    tried: ['BOCCHI THE ROCK!'],
                  },
                ],
              })
            : json(200, searchResponse([movieResult])),
    });
    renderApp('/search');
    await screen.findByRole('heading', { name: '搜索' });

    typeQuery('悠哉日常');
    const list = await screen.findByRole('list', { name: '搜索建议' });
    const work = within(list).getByRole('button', { name: /悠哉日常大王/ });
    expect(work.textContent).toContain('2013 · TV 动画 · のんのんびより');
    fireEvent.click(work);
    // The source's title, and beside it the Chinese name that found it.
    expect(await screen.findByText('Non Non Biyori')).toBeTruthy();
    expect(screen.getByText('悠哉日常大王', { selector: 'p' })).toBeTruthy();
    // Opening it hands the name's entry to the work's page, which makes the match the server's.
    const opened = screen.getByRole('link', { name: /Non Non Biyori/ }).getAttribute('href')!;
    expect(new URLSearchParams(opened.split('?')[1]).get('zh')).toBe('76371');

    typeQuery('孤独摇滚');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const tried = await screen.findByText(/按中文名找到了下面的作品/);
    const box = tried.parentElement!;
    expect(box.textContent).toContain('孤独摇滚！');
    expect(box.textContent).toContain('已试：BOCCHI THE ROCK!');
    expect(box.textContent).toContain('还可以试：botchi za rokku');
    // A name tried is a link to its own search (it opens in a new tab too).
    const link = within(box).getByRole('link', { name: 'botchi za rokku' });
    expect(link.getAttribute('href')).toBe('/search?q=botchi+za+rokku');
    expect(within(box).queryAllByRole('button')).toEqual([]);
    fireEvent.click(link);
    expect(await screen.findByText('Non-Stop')).toBeTruthy();
    expect(JSON.parse(String(searchCalls(fetchMock).at(-1)![1]!.body)).query).toBe(
      'botchi za rokku',
    );
  });

  it('says the title table does not know a Chinese name', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/search/recent': () => json(200, { searches: [] }),
      'POST /api/search/recent': () => json(204),
      'POST /api/search': () => json(200, { ...searchResponse([]), title_matches: [] }),
    });
    renderApp('/search?q=没有这部&type=all');
    expect(await screen.findByText(/本地片名表中没有“没有这部”/)).toBeTruthy();
  });

  it('clears the account’s recent searches with 清除', async () => {
    let searches = [entry('non'), entry('bleach')];
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/search/recent': () => json(200, { searches }),
      'DELETE /api/search/recent': () => {
        searches = [];
        return json(200, { cleared: 2 });
      },
    });
    renderApp('/search');
    const recent = await screen.findByRole('region', { name: '最近搜索' });
    fireEvent.click(within(recent).getByRole('button', { name: '清除' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '最近搜索' })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', '/api/search/recent')).toHaveLength(1);
  });

  it('opens a movie result on the images page and a show on its episode list', async () => {
    mockApi({
      ...signedIn(),
      'POST /api/search': () => json(200, searchResponse([showResult, movieResult])),
    });
    const { router } = renderApp('/search?q=non&type=all');

    const show = await screen.findByRole('link', { name: /Non Non Biyori/ });
    // Short addresses: the kind and id, and the search (the way back, and the history's record).
    expect(show.getAttribute('href')).toBe('/episodes/anime/10435?q=non');

    fireEvent.click(screen.getByRole('link', { name: /Non-Stop/ }));
    await screen.findByRole('button', { name: '刷新' });
    expect(router.state.location.pathname).toBe('/images/movie/2731');
    expect(router.state.location.search).toBe('?q=non');
  });

  it("shows '搜索失败' with the server's message and retries", async () => {
    let fail = true;
    mockApi({
      ...signedIn(),
      'POST /api/search': () =>
        fail
          ? json(502, { detail: '来源网站暂时不可用', code: 'UPSTREAM_ERROR' })
          : json(200, searchResponse([showResult])),
    });
    renderApp('/search?q=non');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('搜索失败');
    expect(alert.textContent).toContain('来源网站暂时不可用');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('Non Non Biyori')).toBeTruthy();
  });

  it('names the type of each result in the page’s language, as the type filter does', async () => {
    const tvResult: SearchResult = {
      ...showResult,
      title: 'Lighthouse',
      content_type: 'TV',
      url: 'tv',
      kind: 'tv',
    };
    const results = [showResult, movieResult, tvResult];
    const badges = () =>
      within(screen.getByRole('region', { name: /搜索结果|Search results/ }))
        .getAllByText(/^(动漫|电影|电视剧|Anime|Movie|TV)$/)
        .map((badge) => badge.textContent);
    mockApi({ ...signedIn(), 'POST /api/search': () => json(200, searchResponse(results)) });
    renderApp('/search?q=non');
    await screen.findByText('Lighthouse');
    expect(badges()).toEqual(['动漫', '电影', '电视剧']);
    cleanup();

    mockApi({
      ...signedIn(englishUser),
      'POST /api/search': () => json(200, searchResponse(results)),
    });
    renderApp('/search?q=non');
    await screen.findByText('Lighthouse');
    await waitFor(() => expect(badges()).toEqual(['Anime', 'Movie', 'TV']));
  });

  it('counts the source’s rate limit down and searches again by itself when it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2026, 10, 26, 10, 0, 0));
    let limited = 2;
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/search': () =>
        limited-- > 0
          ? json(429, {
              code: 'UPSTREAM_RATE_LIMITED',
              detail: '源站访问频率受限（429 rate limit），请在 27 秒后重试',
              retry_after: 27,
            })
          : json(200, searchResponse([showResult])),
    });
    renderApp('/search?q=non');
    expect(await screen.findByText('暂停到 10:00:27，还剩 27 秒，到时自动重试')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('检测到访问频率限制');
    act(() => void vi.advanceTimersByTime(20_000));
    expect(screen.getByText('暂停到 10:00:27，还剩 7 秒，到时自动重试')).toBeTruthy();
    expect(searchCalls(fetchMock)).toHaveLength(1);

    // At zero it asks again by itself; a second refusal counts its own wait down.
    act(() => void vi.advanceTimersByTime(7_000));
    expect(await screen.findByText('暂停到 10:00:54，还剩 27 秒，到时自动重试')).toBeTruthy();
    expect(searchCalls(fetchMock)).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(27_000));
    expect(await screen.findByText('Non Non Biyori')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(searchCalls(fetchMock)).toHaveLength(3);
  });

  it('refreshes past the server cache with ?refresh=true', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/search': () => json(200, searchResponse([showResult], true)),
      'POST /api/search?refresh=true': () => json(200, searchResponse([showResult, movieResult])),
    });
    renderApp('/search?q=non');
    fireEvent.click(await screen.findByRole('button', { name: '智能刷新' }));
    expect(await screen.findByText('Non-Stop')).toBeTruthy();
    expect(screen.queryByText('缓存数据')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/search?refresh=true');
  });
});
