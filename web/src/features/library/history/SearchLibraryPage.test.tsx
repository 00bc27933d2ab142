import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../../test/helpers';
import { historyCategory, historyEpisode } from '../../../test/libraryFixtures';
import { imagesLink } from '../../../test/browseFixtures';
import { formatDate } from '../../../lib/formatDate';

const BY_WORK = 'GET /api/images/search-based-library';
const BY_EPISODE = 'GET /api/images/search-based-library/episodes';
const DELETE_2 = 'DELETE /api/images/search-based-library/episode/2';

const library = (categories = [historyCategory()]) => ({
  categories,
  total_categories: categories.length,
  total_images: categories.reduce((sum, item) => sum + item.total_images, 0),
});
const episodes = (list = [historyEpisode(2), historyEpisode(1, { source: 'direct' })]) => ({
  episodes: list,
  total: list.length,
});
const row = (id: number) => document.querySelector<HTMLElement>(`[data-history-id="${id}"]`);

describe('search-history library', () => {
  it('shows works with totals, the last view and a heart, and opens the episode list', async () => {
    mockApi({
      ...signedIn(),
      [BY_WORK]: () =>
        json(
          200,
          library([
            historyCategory(),
            historyCategory({ show_name: 'Lost', work: null, link: null, last_viewed: 'garbage' }),
          ]),
        ),
    });
    const { router } = renderApp('/search-based-library');
    expect(await screen.findByText('作品 2 部，图片 480 张')).toBeTruthy();
    expect((screen.getByLabelText('按作品') as HTMLInputElement).checked).toBe(true);
    const work = document.querySelector<HTMLElement>('[data-show-name="Non Non Biyori"]')!;
    expect(within(work).getByText('2 集')).toBeTruthy();
    expect(within(work).getByText('240 张图片')).toBeTruthy();
    expect(within(work).getByRole('button', { name: '收藏' })).toBeTruthy();
    const lost = document.querySelector<HTMLElement>('[data-show-name="Lost"]')!;
    expect(within(lost).getByText('最近浏览 未知')).toBeTruthy();
    expect(within(lost).queryByRole('button', { name: '收藏' })).toBeNull();

    fireEvent.click(within(work).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/episodes/anime/10435'));
    expect(router.state.location.search).toBe('');
  });

  it('opens a movie work on its images page', async () => {
    const movieUrl = 'https://fancaps.net/movies/MovieImages.php?movieid=2731';
    const movie = historyCategory({
      show_name: 'Non-Stop',
      work: { kind: 'movie', id: 2731 },
      link: imagesLink(movieUrl),
    });
    mockApi({ ...signedIn(), [BY_WORK]: () => json(200, library([movie])) });
    const { router } = renderApp('/history');
    fireEvent.click(await screen.findByRole('link', { name: /Non-Stop/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/images/movie/2731'));
  });

  it('lists episodes newest first with their details, and opens one', async () => {
    mockApi({
      ...signedIn(),
      [BY_WORK]: () => json(200, library()),
      [BY_EPISODE]: () => json(200, episodes()),
    });
    const { router } = renderApp('/history');
    fireEvent.click(await screen.findByLabelText('按剧集'));
    await waitFor(() => expect(row(2)).toBeTruthy());
    expect(router.state.location.search).toBe('?view=episode');
    const ids = [...document.querySelectorAll<HTMLElement>('[data-history-id]')].map(
      (item) => item.dataset.historyId,
    );
    expect(ids).toEqual(['2', '1']);
    const first = row(2)!;
    for (const text of [
      '搜索',
      '作品：Non Non Biyori',
      '搜索词：non non',
      '120 张图片',
      '浏览 3 次',
    ]) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    expect(within(row(1)!).getByText('直接访问')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '收藏' })).toBeTruthy();

    fireEvent.click(within(first).getByRole('link'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/images/anime/${historyEpisode(2).episode_id}`),
    );
    // The search the episode was seen under rides along; its titles come from the listing.
    expect(router.state.location.search).toBe('?q=non+non');
  });

  it('shows each episode the time it is ordered by: its last view', async () => {
    const first = { created_at: '2026-01-02T03:04:05Z', updated_at: '2026-01-05T09:00:00Z' };
    mockApi({
      ...signedIn(),
      [BY_WORK]: () => json(200, library()),
      [BY_EPISODE]: () => json(200, episodes([historyEpisode(2, first), historyEpisode(1)])),
    });
    renderApp('/history?view=episode');
    await waitFor(() => expect(row(2)).toBeTruthy());
    expect(within(row(2)!).getByText(`最近浏览 ${formatDate(first.updated_at)}`)).toBeTruthy();
    expect(within(row(2)!).queryByText(formatDate(first.created_at), { exact: false })).toBeNull();
  });

  it('deletes a record after confirming and says when its work left the library', async () => {
    let list = episodes();
    const fetchMock = mockApi({
      ...signedIn(),
      [BY_WORK]: () => json(200, library()),
      [BY_EPISODE]: () => json(200, list),
      [DELETE_2]: () => {
        list = episodes([historyEpisode(1)]);
        return json(200, {
          success: true,
          message: '已删除浏览记录',
          work_removed: true,
          work_title: 'Non Non Biyori',
        });
      },
    });
    renderApp('/history?view=episode');
    fireEvent.click(await screen.findByRole('button', { name: '删除 Episode 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: '确认删除' });
    expect(dialog.textContent).toContain('此操作只会从搜索历史中删除该记录，不会删除图片缓存');
    expect(dialog.textContent).toMatch(/（\d+ 张图片，浏览 \d+ 次）/);

    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(
      await screen.findByText('已删除浏览记录，作品「Non Non Biyori」已从搜索历史图库中移除'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(row(2)).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('tells a failed delete: the server message, else HTTP status; the dialog stays', async () => {
    let answer = json(404, { detail: '记录不存在' });
    mockApi({
      ...signedIn(),
      [BY_WORK]: () => json(200, library()),
      [BY_EPISODE]: () => json(200, episodes()),
      [DELETE_2]: () => answer,
    });
    renderApp('/history?view=episode');
    fireEvent.click(await screen.findByRole('button', { name: '删除 Episode 2' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除失败: 记录不存在')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    answer = json(403, {});
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除失败: HTTP 403')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the empty state with a way to search', async () => {
    mockApi({ ...signedIn(), [BY_WORK]: () => json(200, library([])) });
    renderApp('/search-based-library');
    expect(await screen.findByText('暂无搜索历史')).toBeTruthy();
    expect(screen.getByRole('link', { name: '开始搜索' }).getAttribute('href')).toBe('/search');
  });

  it('shows the failure box with the message, else 未知错误', async () => {
    mockApi({
      ...signedIn(),
      [BY_WORK]: () => json(403, { detail: '没有权限访问' }),
      [BY_EPISODE]: () => json(400, {}),
    });
    renderApp('/history');
    expect((await screen.findByRole('alert')).textContent).toContain(
      '加载搜索历史分类库失败: 没有权限访问',
    );
    fireEvent.click(screen.getByLabelText('按剧集'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('加载搜索历史分类库失败: 未知错误'),
    );
    expect(within(screen.getByRole('alert')).getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
