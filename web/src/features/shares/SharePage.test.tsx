import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PublicShare } from '@capshelf/contract';
import { json, mockApi, renderApp } from '../../test/helpers';

const TOKEN = 'x'.repeat(43);
const OPEN = `GET /api/public/shares/${TOKEN}`;
const image = (id: number, original = true) => ({
  id,
  kind: 'anime' as const,
  thumb_url: `/api/public/share-files/3/${id}.jpg?size=thumb&exp=9&sig=s`,
  view_url: `/api/public/share-files/3/${id}.jpg?size=small&exp=9&sig=s`,
  original_url: original ? `/api/public/share-files/3/${id}.jpg?size=large&exp=9&sig=s` : null,
});
const opened = (over: Partial<Extract<PublicShare, { locked: false }>> = {}): PublicShare => ({
  locked: false,
  title: 'Frieren picks',
  kind: 'images',
  owner_name: 'Alice',
  expires_at: '2026-12-05T00:00:00Z',
  allow_download: true,
  images: [image(11), image(12), image(13)],
  zip_url: '/api/public/share-files/3/archive.zip?exp=9&sig=z',
  links_valid_for: 3600,
  ...over,
});
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const byline = () => document.querySelector('header p')?.textContent ?? '';
const speaks = (languages: string[]) => vi.stubGlobal('navigator', { ...navigator, languages });

describe('a share link’s public page', () => {
  it('shows the pictures in a grid, opens one large with 原图, and offers the archive', async () => {
    speaks(['zh-CN']);
    const fetchMock = mockApi({ [OPEN]: () => json(200, opened()) });
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Frieren picks' })).toBeTruthy();
    expect(byline()).toMatch(/^来自 Alice · 3 张图片 · 有效至 /);
    expect(screen.getByRole('link', { name: /下载全部/ }).getAttribute('href')).toContain(
      'archive.zip',
    );
    // A visitor's page: none of the app's own menus.
    expect(screen.queryByRole('link', { name: '搜索' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看第 2 张' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('img').getAttribute('src')).toContain('12.jpg?size=small');
    expect(within(viewer).getByRole('link', { name: /原图/ }).getAttribute('href')).toContain(
      'size=large',
    );
    fireEvent.click(within(viewer).getByRole('button', { name: '下一张' }));
    expect(within(viewer).getByRole('img').getAttribute('src')).toContain('13.jpg');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toContain('11.jpg');
    // One visit is one read: the page never asks again by itself.
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/public/shares/')),
    ).toHaveLength(1);
  });

  it('speaks the visitor’s browser language and offers no original when the owner does not', async () => {
    speaks(['en-GB', 'en']);
    mockApi({
      [OPEN]: () =>
        json(200, opened({ allow_download: false, zip_url: null, images: [image(11, false)] })),
    });
    renderApp(`/s/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Frieren picks' });
    expect(byline()).toMatch(/^From Alice · 1 picture · Open until /);
    expect(screen.queryByRole('link', { name: /Download all/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open picture 1' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).queryByRole('link', { name: /Original/ })).toBeNull();
  });

  it('asks for the password, says when it is wrong, and shows the pictures once it is right', async () => {
    speaks(['zh-CN']);
    const fetchMock = mockApi({
      [OPEN]: () => json(200, { locked: true }),
      [`POST /api/public/shares/${TOKEN}/unlock`]: (body) =>
        (body as { password: string }).password === 'sesame'
          ? json(200, { grant: '123.abc' })
          : json(403, { detail: '密码不正确', code: 'FORBIDDEN' }),
    });
    renderApp(`/s/${TOKEN}`);
    const password = await screen.findByLabelText('密码');
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    expect((await screen.findByRole('alert')).textContent).toBe('密码不正确');

    // The grant rides on the next read of the share.
    mockApi({
      [OPEN]: () => json(200, opened()),
      [`POST /api/public/shares/${TOKEN}/unlock`]: () => json(200, { grant: '123.abc' }),
    });
    fireEvent.change(password, { target: { value: 'sesame' } });
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    expect(await screen.findByRole('heading', { name: 'Frieren picks' })).toBeTruthy();
    expect(fetchMock).toBeTruthy();
    const grantSent = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => url === `/api/public/shares/${TOKEN}`);
    expect((grantSent![1]!.headers as Record<string, string>)['x-share-grant']).toBe('123.abc');
  });

  it('follows the browser’s first language and names an untitled share in it', async () => {
    speaks(['en-US', 'en', 'zh-CN']);
    mockApi({ [OPEN]: () => json(200, opened({ title: '', kind: 'favorites' })) });
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Favourite pictures' })).toBeTruthy();
  });

  it('says a password is wrong in English too', async () => {
    speaks(['en-US']);
    mockApi({
      [OPEN]: () => json(200, { locked: true }),
      [`POST /api/public/shares/${TOKEN}/unlock`]: () =>
        json(403, { detail: '密码不正确', code: 'FORBIDDEN' }),
    });
    renderApp(`/s/${TOKEN}`);
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong password');
  });

  it('reads a visit again only when its addresses have run out and the visitor needs them', async () => {
    speaks(['zh-CN']);
    // The first two visits' addresses run out at once, the third's hold for an hour.
    let visits = 0;
    const fetchMock = mockApi({
      [OPEN]: () => {
        visits += 1;
        const at = (id: number) => ({ ...image(id), thumb_url: `/t/${id}.jpg?visit=${visits}` });
        const images = [at(11), at(12), at(13)];
        return json(200, opened({ images, links_valid_for: visits < 3 ? 0 : 3600 }));
      },
    });
    const picture = () => document.querySelector('main img')!;
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/public/shares/')).length;
    renderApp(`/s/${TOKEN}`);
    await waitFor(() => expect(picture().getAttribute('src')).toBe('/t/11.jpg?visit=1'));

    // An open page costs the owner no views: nothing is read while it just sits there.
    await wait(1500);
    expect(reads()).toBe(1);
    // Pictures that cannot load once the addresses have run out: one new visit, new addresses.
    for (const broken of document.querySelectorAll('main img')) fireEvent.error(broken);
    await waitFor(() => expect(picture().getAttribute('src')).toBe('/t/11.jpg?visit=2'));
    expect(reads()).toBe(2);
    // Coming back to the page after they ran out again.
    await wait(1100);
    act(() => focusManager.setFocused(false));
    try {
      act(() => focusManager.setFocused(true));
      await waitFor(() => expect(picture().getAttribute('src')).toBe('/t/11.jpg?visit=3'));
    } finally {
      focusManager.setFocused(undefined);
    }
    // While the addresses hold, a picture that fails is not a reason to read (nor a loop).
    fireEvent.error(picture());
    await wait(300);
    expect(reads()).toBe(3);
  });

  it('follows the archive or 原图 from a new visit once the addresses have run out', async () => {
    speaks(['zh-CN']);
    let visits = 0;
    mockApi({
      [OPEN]: () => {
        visits += 1;
        const original = `/o/11.jpg?visit=${visits}`;
        return json(
          200,
          opened({
            images: [{ ...image(11), original_url: original }],
            zip_url: `/z.zip?visit=${visits}`,
            links_valid_for: 0,
          }),
        );
      },
    });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.getAttribute('href')!);
    });
    const opens = vi.spyOn(window, 'open').mockImplementation(() => null);
    try {
      renderApp(`/s/${TOKEN}`);
      const archive = await screen.findByRole('link', { name: /下载全部/ });
      await wait(1100);

      fireEvent.click(archive);
      await waitFor(() => expect(downloads).toEqual(['/z.zip?visit=2']));
      await wait(1100);
      fireEvent.click(screen.getByRole('button', { name: '查看第 1 张' }));
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('link', { name: /原图/ }),
      );
      await waitFor(() =>
        expect(opens).toHaveBeenCalledWith('/o/11.jpg?visit=3', '_blank', 'noreferrer'),
      );
    } finally {
      // The spies are on prototypes and globals the next files share (isolate: false).
      vi.restoreAllMocks();
    }
  });

  it('says the share is gone, and follows no old address, when the new visit is refused', async () => {
    speaks(['zh-CN']);
    let visits = 0;
    mockApi({
      [OPEN]: () =>
        (visits += 1) === 1
          ? json(200, opened({ links_valid_for: 0 }))
          : json(404, { detail: '分享链接不存在或已失效', code: 'NOT_FOUND' }),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderApp(`/s/${TOKEN}`);
      const archive = await screen.findByRole('link', { name: /下载全部/ });
      await wait(1100);
      fireEvent.click(archive);
      expect(await screen.findByText('无法打开这个分享')).toBeTruthy();
      expect(clicked).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('says plainly when the link no longer works', async () => {
    speaks(['zh-CN']);
    mockApi({ [OPEN]: () => json(404, { detail: '分享链接不存在或已失效', code: 'NOT_FOUND' }) });
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByText('无法打开这个分享')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('分享链接不存在或已失效')).toBeTruthy());
  });
});
