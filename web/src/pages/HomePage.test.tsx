import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../test/helpers';

describe('home page', () => {
  it('shows the user’s own library totals, both libraries, features, guide and the search button', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/images/local-library/stats': () =>
        json(200, { total_images: 1234, size_bytes: 1_300_000_000, size_human: '1.2 GB' }),
      'GET /api/images/search-based-library': () =>
        json(200, { categories: [], total_categories: 3, total_images: 42 }),
    });
    renderApp('/');

    expect(await screen.findByText('已缓存 1234 张图片 · 占用 1.2 GB')).toBeTruthy();
    expect(screen.getByRole('link', { name: /本地图库/ }).getAttribute('href')).toBe(
      '/local-library',
    );
    expect(screen.getByRole('link', { name: /搜索历史图库/ }).getAttribute('href')).toBe(
      '/search-based-library',
    );
    for (const feature of ['高效浏览', '批量下载', '智能缓存', '安全代理下载']) {
      expect(screen.getByRole('heading', { name: feature })).toBeTruthy();
    }
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(8);
    expect(screen.getByRole('link', { name: '开始搜索' }).getAttribute('href')).toBe('/search');
    // The whole shared cache's totals are not this user's.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('cache-stats'))).toBe(false);
  });

  it('says when the totals cannot be read', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/local-library/stats': () => json(404, { detail: '未找到' }),
    });
    renderApp('/');
    expect(await screen.findByText('暂时无法获取缓存统计')).toBeTruthy();
  });

  it('shows the signed-in user history totals on the history card', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/local-library/stats': () =>
        json(200, { total_images: 5, size_bytes: 5, size_human: '5 B' }),
      'GET /api/images/search-based-library': () =>
        json(200, { categories: [], total_categories: 3, total_images: 42 }),
    });
    renderApp('/');
    expect(await screen.findByText('作品 3 部 · 图片 42 张')).toBeTruthy();
  });

  it('tells a visitor that searching starts with signing in, and opens the search after it', async () => {
    mockApi({});
    const { router } = renderApp('/');
    const start = await screen.findByRole('link', { name: '登录后开始搜索' });
    expect(start.getAttribute('href')).toBe('/login');
    expect(screen.getByText('搜索和浏览截图需要先登录；登录后会直接打开搜索页。').id).toBe(
      start.getAttribute('aria-describedby'),
    );
    expect(screen.queryByRole('link', { name: '开始搜索' })).toBeNull();
    // The guide names today's sizes.
    expect(screen.getByText('选择尺寸（如原图、缩略图），打包下载所选图片')).toBeTruthy();

    fireEvent.click(start);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login returns to the search.
    expect(router.state.location.state).toEqual({ from: '/search' });
  });

  it('does not ask for library or history totals for a visitor', async () => {
    const fetchMock = mockApi({});
    renderApp('/');
    expect(await screen.findByText('登录后按作品和剧集整理您浏览过的内容')).toBeTruthy();
    expect(screen.getByText('登录后查看您打开过的剧集的缓存图片')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search-based'))).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('local-library'))).toBe(false);
  });
});
