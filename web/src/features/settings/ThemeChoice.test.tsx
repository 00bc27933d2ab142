import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cdnStatus, ONE_FULL_SIZE } from '../../test/downloadFixtures';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';

describe('外观 in 设置', () => {
  it('saves the chosen theme on the user and paints the page at once', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
    );
    const saved: unknown[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(200, cdnStatus(ONE_FULL_SIZE, true)),
      'PATCH /api/auth/me': (body) => {
        saved.push(body);
        return json(200, { ...testUser, theme: 'dark' });
      },
    });
    renderApp('/settings');

    const system = await screen.findByRole('radio', { name: '跟随系统' });
    expect((system as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('light');

    fireEvent.click(screen.getByRole('radio', { name: '深色' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(saved).toEqual([{ theme: 'dark' }]);
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: '深色' }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('goes back to the theme it had when the server refuses', async () => {
    mockApi({
      ...signedIn({ ...testUser, theme: 'light' }),
      'GET /api/images/cdn-status': () => json(200, cdnStatus(ONE_FULL_SIZE, true)),
      'PATCH /api/auth/me': () => json(500, { detail: '服务器错误', code: 'INTERNAL' }),
    });
    renderApp('/settings');

    fireEvent.click(await screen.findByRole('radio', { name: '深色' }));
    expect(await screen.findByText(/服务器错误|保存主题失败/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: '浅色' }) as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
