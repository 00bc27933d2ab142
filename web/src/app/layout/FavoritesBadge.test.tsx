import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { badgeText } from './FavoritesBadge';

const stats = (total: number) => () =>
  json(200, { data: { total_items: total, total_works: 0, total_episodes: 0, total_images: 0 } });

describe('favourites badge', () => {
  it('caps the count at 99+ and hides zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('shows 99+ on the nav link above 99', async () => {
    mockApi({ ...signedIn(), 'GET /api/favorites/stats': stats(250) });
    renderApp('/');
    const link = await screen.findByRole('link', { name: /我的收藏/ });
    expect(await within(link).findByText('99+')).toBeTruthy();
  });

  it('stays hidden when the stats call fails', async () => {
    mockApi({ ...signedIn(), 'GET /api/favorites/stats': () => json(404, { detail: '未找到' }) });
    renderApp('/');
    await screen.findByText('alice@example.com');
    expect(screen.getByRole('link', { name: /我的收藏/ }).textContent).toBe('我的收藏');
  });
});
