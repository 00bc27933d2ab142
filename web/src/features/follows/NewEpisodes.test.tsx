import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Follow, FollowsResponse } from '@capshelf/contract';
import { describe, expect, it } from 'vitest';
import { follow as baseFollow, newEpisode } from '../../test/followFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';

const follow = (over: Partial<Follow> = {}): Follow =>
  baseFollow({
    new_episodes: [
      {
        ...newEpisode(90001, undefined, '2026-01-05T12:00:00.000Z'),
        label: 'Episode 27',
      },
    ],
    last_checked_at: '2026-01-05T12:00:00.000Z',
    next_check_at: '2026-01-05T18:00:00.000Z',
    ...over,
  });

describe('新剧集', () => {
  it('lists new episodes on the home page with a header badge, until marked seen', async () => {
    let data: FollowsResponse = { follows: [follow()], new_total: 1 };
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/follows': () => json(200, data),
      'POST /api/follows/7/seen': () => {
        data = { follows: [follow({ new_episodes: [] })], new_total: 0 };
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: '新剧集' })).closest('section')!;
    const episode = await within(section).findByRole('link', { name: 'Episode 27' });
    expect(episode.getAttribute('href')).toBe('/images/anime/90001');
    expect(screen.getByTestId('new-episodes-badge').textContent).toBe('1');

    fireEvent.click(within(section).getByRole('button', { name: '标记为已看' }));
    expect(await within(section).findByText('关注的作品暂无新剧集')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('new-episodes-badge')).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/follows/7/seen') && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('follows a work from its episode list and shows 已关注', async () => {
    let data: FollowsResponse = { follows: [], new_total: 0 };
    const posted: unknown[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/follows': () => json(200, data),
      'POST /api/episodes': () =>
        json(200, {
          show_title: "Hanabi's Lantern Festival",
          work: { kind: 'anime', id: 10434 },
          episodes: [],
          total: 0,
          cached: true,
          fetched_at: '2026-01-05T12:00:00.000Z',
        }),
      'POST /api/follows': (body) => {
        posted.push(body);
        data = { follows: [follow({ new_episodes: [] })], new_total: 0 };
        return json(201, data.follows[0]);
      },
    });
    renderApp('/episodes/10434?contentType=anime');
    fireEvent.click(await screen.findByRole('button', { name: '关注' }));
    expect(await screen.findByRole('button', { name: '已关注' })).toBeTruthy();
    expect(posted).toEqual([{ work_url: '10434', kind: 'anime' }]);
  });

  it('chooses per follow what new episodes bring', async () => {
    const patched: unknown[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/follows': () =>
        json(200, { follows: [follow({ new_episodes: [] })], new_total: 0 }),
      'PATCH /api/follows/7': (body) => {
        patched.push(body);
        return json(200, follow({ mode: 'download', new_episodes: [] }));
      },
    });
    renderApp('/');
    fireEvent.click(await screen.findByText('关注的作品（1）'));
    const select = screen.getByRole('combobox', { name: '新剧集处理' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      '仅提醒',
      '自动缓存',
      '自动下载',
    ]);
    fireEvent.change(select, { target: { value: 'download' } });
    await waitFor(() => expect(patched).toEqual([{ mode: 'download' }]));
  });
});
