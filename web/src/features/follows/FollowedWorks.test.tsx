import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { images, progressAnswer } from '../../test/browseFixtures';
import { follow, followList as list, newEpisode as episode } from '../../test/followFixtures';
import { englishUser, json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { EPISODE_URL, PAGE, PROGRESS } from '../images/ImageBrowser.fixtures';

const NOW = Date.parse('2026-01-05T12:00:00.000Z');
/** The home page with the followed works unfolded. */
async function openFollowed() {
  renderApp('/');
  fireEvent.click(await screen.findByText(/^(关注的作品（|Followed works \()/));
}

describe('立即检查', () => {
  it('checks a work now, disabled while it runs, and shows the next check', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    let data = list(follow());
    let release: () => void = () => {};
    const checks: string[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/follows': () => json(200, data),
      'POST /api/follows/7/check': async () => {
        checks.push('7');
        await new Promise<void>((resolve) => (release = resolve));
        data = list(
          follow({
            new_episodes: [episode(90001, 'https://fancaps.net/anime/episodeimages.php?90001')],
          }),
        );
        return json(200, data.follows[0]);
      },
    });
    await openFollowed();
    expect(screen.getByTestId('next-check').textContent).toBe('下次检查：3小时后');
    const button = screen.getByRole('button', { name: "立即检查 Hanabi's Lantern Festival" });
    expect(button.textContent).toBe('立即检查');
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.textContent).toBe('检查中…');
    release();
    expect(await screen.findByText('已检查：1 集新剧集')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(checks).toEqual(['7']);
  });

  it('says how long to wait when checked again within a minute (429), in English too', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    mockApi({
      ...signedIn(englishUser),
      'GET /api/follows': () => json(200, list(follow())),
      'POST /api/follows/7/check': () =>
        json(429, {
          code: 'TOO_MANY_REQUESTS',
          detail: '请在 42 秒后再检查这部作品',
          retry_after: 42,
        }),
    });
    await openFollowed();
    await waitFor(() =>
      expect(screen.getByTestId('next-check').textContent).toBe('Next check: in 3 hours'),
    );
    fireEvent.click(screen.getByRole('button', { name: "Check Hanabi's Lantern Festival now" }));
    expect(await screen.findByText('Try checking this work again in 42 seconds')).toBeTruthy();
  });

  it('shows the 429 wait in Chinese', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/follows': () => json(200, list(follow({ next_check_at: '2020-01-01T00:00:00Z' }))),
      'POST /api/follows/7/check': () =>
        json(429, {
          code: 'TOO_MANY_REQUESTS',
          detail: '请在 42 秒后再检查这部作品',
          retry_after: 42,
        }),
    });
    await openFollowed();
    // A check already due reads as soon.
    expect(screen.getByTestId('next-check').textContent).toBe('即将检查');
    fireEvent.click(screen.getByRole('button', { name: "立即检查 Hanabi's Lantern Festival" }));
    expect(await screen.findByText('请在 42 秒后再检查这部作品')).toBeTruthy();
  });
});

describe('a followed work in the title table', () => {
  const named = follow({
    chinese_name: '花火灯笼祭',
    next_broadcast_at: '2026-01-05T15:00:00.000Z',
  });

  it('shows its Chinese name under the title and when it airs next, beside the next check', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    mockApi({
      ...signedIn(),
      'GET /api/follows': () =>
        json(200, list(named, follow({ id: 8, work_id: 10512, title: 'Starlight Courier' }))),
    });
    await openFollowed();
    const name = screen.getByText('花火灯笼祭');
    expect(name.hasAttribute('data-user-content')).toBe(true);
    const [item, other] = screen.getAllByRole('listitem');
    expect(item!.textContent).toContain("Hanabi's Lantern Festival花火灯笼祭");
    const broadcast = screen.getByTestId('next-broadcast');
    expect(broadcast.textContent).toBe('下次播出：3小时后');
    expect(broadcast.parentElement!.textContent).toMatch(/下次检查：3小时后 · 下次播出：3小时后$/);
    // A work the table does not know: the source's title alone, no broadcast.
    expect(other!.textContent).toContain('Starlight Courier');
    expect(screen.getAllByTestId('next-broadcast')).toHaveLength(1);
  });

  it('says it in English too, and leaves out a broadcast already past', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    mockApi({
      ...signedIn(englishUser),
      'GET /api/follows': () =>
        json(200, list(named, follow({ id: 8, next_broadcast_at: '2026-01-05T11:00:00.000Z' }))),
    });
    await openFollowed();
    await waitFor(() =>
      expect(screen.getByTestId('next-broadcast').textContent).toBe('Airs in 3 hours'),
    );
    expect(screen.getAllByTestId('next-broadcast')).toHaveLength(1);
  });
});

describe('opening a new episode', () => {
  it('marks it seen once, so the badge drops', async () => {
    let data = list(follow({ new_episodes: [episode(90001, EPISODE_URL)] }));
    const seen: string[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/follows': () => json(200, data),
      'POST /api/follows/7/seen/90001': () => {
        seen.push('90001');
        data = list(follow());
        return json(204);
      },
      [PROGRESS]: () => json(200, progressAnswer(images(3))),
      'POST /api/images/record-view': () => json(204),
    });
    renderApp(PAGE);
    await screen.findByText('共 3 张');
    await waitFor(() => expect(seen).toEqual(['90001']));
    await waitFor(() => expect(screen.queryByTestId('new-episodes-badge')).toBeNull());
    expect(seen).toEqual(['90001']);
  });

  it('leaves an episode that is not new alone', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/follows': () =>
        json(
          200,
          list(
            follow({
              new_episodes: [episode(90002, 'https://fancaps.net/anime/episodeimages.php?1002')],
            }),
          ),
        ),
      [PROGRESS]: () => json(200, progressAnswer(images(3))),
      'POST /api/images/record-view': () => json(204),
    });
    renderApp(PAGE);
    await screen.findByText('共 3 张');
    expect(await screen.findByTestId('new-episodes-badge')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/seen'))).toBe(false);
  });
});
