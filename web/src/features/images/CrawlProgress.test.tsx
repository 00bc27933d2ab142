import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { images, progressAnswer } from '../../test/browseFixtures';
import { CrawlStatus } from './CrawlStatus';
import { EPISODE_URL, PAGE, PROGRESS } from './ImageBrowser.fixtures';

const noop = () => {};
const running = { state: 'running', page: 2, pages: null, pagesAtLeast: 5, error: null } as const;
const NEXT_POLL = `GET /api/images/episode/${encodeURIComponent(EPISODE_URL)}/progress?offset=2`;

describe('read progress says what is known', () => {
  it('while reading: the pages and images read so far, never a total it does not know', () => {
    const { rerender } = render(
      <CrawlStatus progress={running} total={40} onResume={noop} onFastMode={noop} />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('正在读取 · 已读 2 页，40 张');
    // The pager's window (5 pages) is no promise of a total.
    expect(document.body.textContent).not.toMatch(/\/|\+|至少|5 页/);
    expect(screen.getByText(/本集页数较多，完整读取每页约需 1 秒/)).toBeTruthy();

    rerender(<CrawlStatus progress={{ ...running, page: 0 }} total={0} onResume={noop} />);
    expect(screen.getByRole('status').textContent).toBe('正在读取第 1 页');
  });

  it('once a fresh read finishes: the total, and no 缓存数据', async () => {
    const first = images(2);
    const all = images(3);
    mockApi({
      ...signedIn(),
      [PROGRESS]: () =>
        json(200, progressAnswer(first, { state: 'running', page: 1, pages: null, cached: false })),
      // The server answers a finished listing from its store, but this visit saw it read.
      [NEXT_POLL]: () =>
        json(200, progressAnswer(all.slice(2), { offset: 2, total: 3, pages: 2, cached: true })),
    });
    renderApp(PAGE);
    expect(await screen.findByText('已读取 2 张', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('crawl-progress').textContent).toBe('正在读取 · 已读 1 页，2 张');
    expect(await screen.findByText('共 3 张', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('crawl-progress')).toBeNull();
    expect(screen.queryByText('缓存数据')).toBeNull();
  });

  it('served from the cache: the total and 缓存数据', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(3))) });
    renderApp(PAGE);
    expect(await screen.findByText('共 3 张', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('缓存数据')).toBeTruthy());
  });
});
