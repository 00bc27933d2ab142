import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { images, progressAnswer } from '../../test/browseFixtures';
import { englishUser, json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { cards, PAGE, PROGRESS } from './ImageBrowser.fixtures';

const ORIGINAL = '/api/images/500000.jpg?size=large&kind=anime';

/** The episode grid with the first picture open in the lightbox, loaded at 1920×1080. */
async function openFirst(user = signedIn()) {
  const fetchMock = mockApi({
    ...user,
    [PROGRESS]: () => json(200, progressAnswer(images(3))),
    // The image route's HEAD: the length, no bytes.
    [`HEAD ${ORIGINAL}`]: () =>
      new Response(null, { status: 200, headers: { 'content-length': '245760' } }),
  });
  renderApp(PAGE);
  await waitFor(() => expect(cards()).toHaveLength(3));
  fireEvent.click(screen.getAllByRole('button', { name: /^(放大查看|Zoom in)$/ })[0]!);
  const dialog = await screen.findByRole('dialog');
  const picture = (await within(dialog).findByRole('img')) as HTMLImageElement;
  Object.defineProperty(picture, 'naturalWidth', { value: 1920 });
  Object.defineProperty(picture, 'naturalHeight', { value: 1080 });
  fireEvent.load(picture);
  return { dialog, picture, fetchMock };
}

describe('the lightbox', () => {
  it('shows the picture’s size name, pixels and file size, without fetching its bytes again', async () => {
    const { dialog, fetchMock } = await openFirst();
    await waitFor(() =>
      expect(within(dialog).getByTestId('image-facts').textContent).toBe(
        '原图 · 1920 × 1080 像素 · 240.0 KB',
      ),
    );
    const asked = fetchMock.mock.calls.filter(([url]) => url === ORIGINAL);
    expect(asked.map(([, init]) => init?.method)).toEqual(['HEAD']);
  });

  it('downloads the single picture as its original through this server', async () => {
    const { dialog } = await openFirst();
    const download = within(dialog).getByRole('link', { name: '下载原图' });
    expect(download.getAttribute('href')).toBe(ORIGINAL);
    expect(download.getAttribute('download')).toBe('500000.jpg');
  });

  it('switches between fitting the window and 1:1', async () => {
    const { dialog, picture } = await openFirst();
    const toggle = within(dialog).getByRole('button', { name: '1:1 原始像素' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(picture.className).toContain('object-contain');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('title')).toBe('适合窗口');
    // Its own pixels, in a box that scrolls.
    expect(picture.className).toContain('max-w-none');
    expect(picture.parentElement!.className).toContain('overflow-auto');
    // The next picture keeps 1:1; closing goes back to fitting.
    fireEvent.click(within(dialog).getByRole('button', { name: '下一张' }));
    expect(within(dialog).getByRole('heading').textContent).toBe('图片 500001');
    expect((await within(dialog).findByRole('img')).className).toContain('max-w-none');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: '放大查看' })[0]!);
    const again = await screen.findByRole('dialog');
    expect(
      within(again).getByRole('button', { name: '1:1 原始像素' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('says the same in English', async () => {
    const { dialog } = await openFirst(signedIn(englishUser));
    await waitFor(() =>
      expect(within(dialog).getByTestId('image-facts').textContent).toBe(
        'Original · 1920 × 1080 px · 240.0 KB',
      ),
    );
    expect(within(dialog).getByRole('link', { name: 'Download original' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '1:1 actual pixels' })).toBeTruthy();
  });
});
