import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FollowsResponse } from '@capshelf/contract';
import { follow, followList, newEpisode } from '../../test/followFixtures';
import { englishUser, json, mockApi, renderApp, signedIn } from '../../test/helpers';

const SEEN_AT = '2026-01-05T10:00:00.000Z';
const CREATED_AT = '2026-01-01T12:00:00.000Z';
/** A 自动下载 follow with one new episode, as the server lists it. */
const followed = () =>
  follow({ mode: 'download', new_episodes: [newEpisode(90001)], created_at: CREATED_AT });

/** The home page of an account following one work; DELETE and POST change what it lists. */
function followingOne() {
  let data: FollowsResponse = followList(followed());
  const posted: unknown[] = [];
  const fetchMock = mockApi({
    ...signedIn(),
    'GET /api/follows': () => json(200, data),
    'DELETE /api/follows/7': () => {
      data = followList();
      return json(200, {
        success: true,
        undo: { mode: 'download', seen_at: SEEN_AT, created_at: CREATED_AT },
      });
    },
    'POST /api/follows': (body) => {
      posted.push(body);
      data = followList(followed());
      return json(201, data.follows[0]);
    },
  });
  return { fetchMock, posted };
}

describe('unfollowing', () => {
  it('offers 撤销, which follows again with the same mode and the times the unfollow answered', async () => {
    const { posted } = followingOne();
    renderApp('/');
    fireEvent.click(await screen.findByText('关注的作品（1）'));
    fireEvent.click(screen.getByRole('button', { name: '已关注' }));

    const toast = (await screen.findByText("已取消关注「Hanabi's Lantern Festival」"))
      .parentElement!;
    // The work left the home page's list; the toast's undo outlives its toggle.
    await waitFor(() => expect(screen.queryByText('关注的作品（1）')).toBeNull());
    fireEvent.click(within(toast).getByRole('button', { name: '撤销' }));

    await waitFor(() =>
      expect(posted).toEqual([
        {
          work_url: 'https://fancaps.net/anime/showimages.php?10434',
          kind: 'anime',
          mode: 'download',
          restore: { seen_at: SEEN_AT, created_at: CREATED_AT },
        },
      ]),
    );
    // Back as it was: its new episode, 自动下载, and no toast.
    await waitFor(() => expect(screen.queryByText(/已取消关注/)).toBeNull());
    fireEvent.click(await screen.findByText('关注的作品（1）'));
    expect((screen.getByRole('combobox', { name: '新剧集处理' }) as HTMLSelectElement).value).toBe(
      'download',
    );
    expect(screen.getAllByText(/Episode 90001/).length).toBeGreaterThan(0);
  });

  it('says it in English too', async () => {
    let data: FollowsResponse = followList(followed());
    mockApi({
      ...signedIn(englishUser),
      'GET /api/follows': () => json(200, data),
      'DELETE /api/follows/7': () => {
        data = followList();
        return json(200, {
          success: true,
          undo: { mode: 'download', seen_at: SEEN_AT, created_at: CREATED_AT },
        });
      },
    });
    renderApp('/');
    fireEvent.click(await screen.findByText('Followed works (1)'));
    fireEvent.click(screen.getByRole('button', { name: 'Following' }));
    const toast = (await screen.findByText("Unfollowed “Hanabi's Lantern Festival”"))
      .parentElement!;
    expect(within(toast).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });
});
