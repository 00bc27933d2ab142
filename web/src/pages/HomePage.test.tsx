import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../test/helpers';

describe('home page', () => {
  it('shows the cache totals, both libraries, features, guide and the search button', async () => {
    mockApi({
      'GET /api/images/cache-stats': () =>
        json(200, { total_images: 1234, size_bytes: 1_300_000_000, size_human: '1.2 GB' }),
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
  });

  it('says when the totals cannot be read', async () => {
    mockApi({ 'GET /api/images/cache-stats': () => json(404, { detail: '未找到' }) });
    renderApp('/');
    expect(await screen.findByText('暂时无法获取缓存统计')).toBeTruthy();
  });
});
