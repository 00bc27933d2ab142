import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';

describe('订阅源 on the profile', () => {
  it('turns the feed on, shows its address, makes a new one and turns it off', async () => {
    let url: string | null = null;
    let made = 0;
    mockApi({
      ...signedIn(),
      'GET /api/auth/feed': () => json(200, { url }),
      'POST /api/auth/feed': () => {
        made += 1;
        url = `http://capshelf.test/feeds/token${made}.atom`;
        return json(200, { url });
      },
      'DELETE /api/auth/feed': () => {
        url = null;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/profile');
    const panel = (await screen.findByRole('heading', { name: /订阅源/ })).closest('section')!;
    fireEvent.click(await within(panel).findByRole('button', { name: '开启订阅源' }));
    const field = await within(panel).findByRole('textbox', { name: '订阅地址' });
    expect((field as HTMLInputElement).value).toBe('http://capshelf.test/feeds/token1.atom');

    fireEvent.click(within(panel).getByRole('button', { name: '重新生成地址' }));
    await waitFor(() =>
      expect((field as HTMLInputElement).value).toBe('http://capshelf.test/feeds/token2.atom'),
    );
    fireEvent.click(within(panel).getByRole('button', { name: '关闭订阅源' }));
    expect(await within(panel).findByRole('button', { name: '开启订阅源' })).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });
});
