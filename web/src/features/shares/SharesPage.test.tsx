import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Share } from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';
import { favImage, favorites } from '../../test/favoriteFixtures';
import { images, progressAnswer } from '../../test/browseFixtures';
import { card, EPISODE_URL, PAGE, PROGRESS } from '../images/ImageBrowser.fixtures';

const share = (id: number, over: Partial<Share> = {}): Share => ({
  id,
  kind: 'images',
  title: `Share ${id}`,
  image_count: 3,
  state: 'active',
  expires_at: '2026-12-05T00:00:00Z',
  max_views: null,
  views: 2,
  allow_download: true,
  has_password: false,
  created_at: '2026-11-28T00:00:00Z',
  owner: { id: 7, name: 'Alice' },
  ...over,
});
const bodyOf = (mock: ReturnType<typeof mockApi>, method: string, url: string) =>
  mock.mock.calls
    .filter(([u, init]) => u === url && init?.method === method)
    .map(([, init]) => JSON.parse(String(init!.body ?? 'null')));

describe('my shares', () => {
  it('lists each share with its state, and revokes one after asking', async () => {
    let revoked = false;
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/shares?scope=mine': () =>
        json(200, {
          shares: [
            share(1, { state: revoked ? 'revoked' : 'active' }),
            share(2, { state: 'expired', has_password: true, max_views: 5 }),
          ],
        }),
      'DELETE /api/shares/1': () => {
        revoked = true;
        return json(200, share(1, { state: 'revoked' }));
      },
      'PATCH /api/shares/1': () => json(200, share(1, { allow_download: false })),
    });
    renderApp('/shares');
    const first = await screen.findByText('Share 1');
    const row = first.closest('li')!;
    expect(row.textContent).toContain('有效');
    expect(row.textContent).toContain('已打开 2 次');
    const second = screen.getByText('Share 2').closest('li')!;
    expect(second.textContent).toContain('已过期');
    expect(second.textContent).toContain('已打开 2 / 5 次');
    // A share that has ended offers nothing to change.
    expect(within(second).queryByRole('button', { name: '撤销' })).toBeNull();

    fireEvent.click(within(row).getByRole('checkbox', { name: '允许查看原图和下载 ZIP' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PATCH', '/api/shares/1')).toEqual([{ allow_download: false }]),
    );
    fireEvent.click(within(row).getByRole('button', { name: '撤销' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '撤销' }));
    await waitFor(() =>
      expect(screen.getByText('Share 1').closest('li')!.textContent).toContain('已撤销'),
    );
  });

  it('sets or changes a share’s password, and names an untitled share by kind and count', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/shares?scope=mine': () =>
        json(200, { shares: [share(1, { title: '' }), share(2, { has_password: true })] }),
      'PATCH /api/shares/1': () => json(200, share(1, { title: '', has_password: true })),
    });
    renderApp('/shares');
    const row = (await screen.findByText('3 张图片', { selector: 'span.font-medium' })).closest(
      'li',
    )!;
    const second = screen.getByText('Share 2').closest('li')!;
    expect(within(second).getByRole('button', { name: '更改密码' })).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '设置密码' }));
    const save = within(row).getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.change(within(row).getByLabelText('新密码'), { target: { value: 'abc' } });
    // The server's minimum: four characters.
    expect(save.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('新密码'), { target: { value: 'open sesame' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PATCH', '/api/shares/1')).toEqual([{ password: 'open sesame' }]),
    );
    await waitFor(() => expect(within(row).queryByLabelText('新密码')).toBeNull());
  });

  it('lets an admin see everyone’s shares', async () => {
    mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      'GET /api/shares?scope=mine': () => json(200, { shares: [] }),
      'GET /api/shares?scope=all': () =>
        json(200, { shares: [share(4, { owner: { id: 9, name: 'Bob' } })] }),
    });
    renderApp('/shares');
    expect(await screen.findByText(/还没有分享/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '全部用户' }));
    expect(await screen.findByText('所有者：Bob')).toBeTruthy();
  });
});

describe('sharing favourites', () => {
  it('makes a link of every favourite image, or of the ticked ones, and shows it once to copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const url = `http://capshelf.test/s/${'t'.repeat(43)}`;
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/favorites': () => json(200, favorites({ images: [favImage(5), favImage(6)] })),
      'POST /api/shares': () => json(201, { ...share(8), url }),
    });
    renderApp('/favorites?tab=images');
    fireEvent.click(await screen.findByRole('button', { name: '分享全部收藏' }));
    const dialog = await screen.findByRole('dialog', { name: '分享链接' });
    fireEvent.change(within(dialog).getByLabelText('密码（可选）'), { target: { value: 'pass' } });
    fireEvent.change(within(dialog).getByLabelText('有效期'), { target: { value: 'day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '生成链接' }));
    const link = await within(dialog).findByRole('textbox', { name: '分享链接' });
    expect((link as HTMLInputElement).value).toBe(url);
    expect(bodyOf(fetchMock, 'POST', '/api/shares')).toEqual([
      {
        kind: 'favorites',
        expires_in: 86_400,
        password: 'pass',
        allow_download: true,
        max_views: null,
      },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
  });
});

describe('sharing from an episode’s images', () => {
  it('shares the selected pictures, or with none selected the whole episode', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      [PROGRESS]: () => json(200, progressAnswer(images(12))),
      'POST /api/shares': () => json(201, { ...share(9), url: 'http://capshelf.test/s/x' }),
    });
    renderApp(PAGE);
    await screen.findByText('共 12 张');
    fireEvent.click(screen.getByRole('button', { name: '分享本集' }));
    let dialog = await screen.findByRole('dialog', { name: '分享链接' });
    fireEvent.click(within(dialog).getByRole('button', { name: '生成链接' }));
    await within(dialog).findByRole('textbox', { name: '分享链接' });
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));

    fireEvent.click(card(500_003));
    fireEvent.click(card(500_005));
    fireEvent.click(screen.getByRole('button', { name: '分享所选' }));
    dialog = await screen.findByRole('dialog', { name: '分享链接' });
    fireEvent.click(within(dialog).getByRole('button', { name: '生成链接' }));
    await within(dialog).findByRole('textbox', { name: '分享链接' });
    const [whole, picked] = bodyOf(fetchMock, 'POST', '/api/shares');
    expect(whole).toMatchObject({ kind: 'episode', episode_url: EPISODE_URL });
    expect(picked).toMatchObject({
      kind: 'images',
      image_ids: [500_003, 500_005],
      image_kind: 'anime',
    });
  });
});
