import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { ONE_FULL_SIZE } from '../../test/downloadFixtures';
import { bookmarkletCode } from './Bookmarklet';

const settingsApi = () => ({
  ...signedIn(),
  'GET /api/images/cdn-status': () =>
    json(200, {
      current_cdn: 'small',
      use_small_cdn_only: true,
      status: 'ok',
      hosts: [],
      download_sizes: ONE_FULL_SIZE,
    }),
});

afterEach(() => vi.restoreAllMocks());

describe('the bookmarklet', () => {
  it('sends the page it runs on to /open on this origin', () => {
    const code = bookmarkletCode('https://capshelf.example');
    expect(code.startsWith('javascript:')).toBe(true);
    const page = 'https://fancaps.net/movies/MovieImages.php?name=A_&_B_2023&movieid=4228';
    const location = { href: page };
    // What the browser runs: the code after the scheme, against the fancaps page's location.
    new Function('location', code.slice('javascript:'.length))(location);
    expect(location.href).toBe(`https://capshelf.example/open?url=${encodeURIComponent(page)}`);
    expect(new URL(location.href).searchParams.get('url')).toBe(page);
  });

  it('is a link to drag to the bookmarks bar, its code intact (React would block it as href)', async () => {
    const errors = vi.spyOn(console, 'error');
    mockApi(settingsApi());
    renderApp('/settings');

    const link = await screen.findByRole('link', { name: '在 capshelf 中打开' });
    expect(link.getAttribute('href')).toBe(bookmarkletCode(window.location.origin));
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/javascript:/i);
    expect(screen.getByText(/拖到浏览器的书签栏/)).toBeTruthy();
    expect(screen.getByText(/分享 fancaps 的链接时可以直接选择 capshelf/)).toBeTruthy();

    // Clicked here, it only says what to do with it.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByText('请把它拖到书签栏，再在 fancaps 的页面上点击它。')).toBeTruthy();
  });

  it('copies its code for a phone', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    mockApi(settingsApi());
    renderApp('/settings');

    fireEvent.click(await screen.findByRole('button', { name: '复制书签代码' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(bookmarkletCode(window.location.origin)),
    );
    expect(await screen.findByText('已复制书签代码')).toBeTruthy();
  });
});
