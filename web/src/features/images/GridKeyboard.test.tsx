import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoCjk } from '../../test/cjk';
import { englishUser, json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';
import { firstProgressCall, images, progressAnswer } from '../../test/browseFixtures';
import { COLUMNS_KEY } from './columns';
import { moveIndex } from './useGridKeyboard';

const EPISODE_URL = 'https://fancaps.net/anime/episodeimages.php?1001';
const PAGE = '/images/anime/1001';
const PROGRESS = firstProgressCall(EPISODE_URL);

const tile = (id: number) => document.querySelector<HTMLElement>(`[data-image-id="${id}"]`)!;
const press = (target: Element, key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key, code: key === ' ' ? 'Space' : key, ...init });
const letter = (key: string, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, code: `Key${key.toUpperCase()}` });
const focused = () => document.activeElement?.getAttribute('data-image-id');

describe('moveIndex', () => {
  it('moves by one sideways and by a row up and down, stopping at the edges', () => {
    // 10 tiles in rows of 4: 0-3, 4-7, 8-9.
    expect(moveIndex('ArrowRight', 3, 10, 4)).toBe(4);
    expect(moveIndex('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(moveIndex('ArrowDown', 1, 10, 4)).toBe(5);
    expect(moveIndex('ArrowDown', 6, 10, 4)).toBe(9);
    expect(moveIndex('ArrowDown', 9, 10, 4)).toBe(9);
    expect(moveIndex('ArrowUp', 2, 10, 4)).toBe(2);
    expect(moveIndex('ArrowUp', 9, 10, 4)).toBe(5);
    expect(moveIndex('End', 0, 10, 4)).toBe(9);
    expect(moveIndex('Home', 7, 10, 4)).toBe(0);
  });
});

describe('image grid keyboard', () => {
  async function openGrid(user = testUser) {
    localStorage.setItem(COLUMNS_KEY, '4');
    const fetchMock = mockApi({
      ...signedIn(user),
      [PROGRESS]: () => json(200, progressAnswer(images(10))),
      'POST /api/download': () => json(202, { download_id: 'z', file_count: 3, status: 'pending' }),
    });
    const view = renderApp(PAGE);
    await waitFor(() => expect(document.querySelectorAll('[data-image-id]')).toHaveLength(10));
    return { fetchMock, ...view };
  }

  it('is one tab stop whose arrows move the focus, Space toggles, Shift+Space takes a range and Enter opens', async () => {
    await openGrid();
    const grid = screen.getByRole('grid', { name: '图片网格' });
    expect(grid.getAttribute('aria-colcount')).toBe('4');
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    const tabStops = [...grid.querySelectorAll('[tabindex="0"]')];
    expect(tabStops).toEqual([tile(500000)]);
    expect(tile(500001).tabIndex).toBe(-1);

    tile(500000).focus();
    press(tile(500000), 'ArrowRight');
    expect(focused()).toBe('500001');
    press(tile(500001), 'ArrowDown');
    expect(focused()).toBe('500005');
    expect(tile(500005).tabIndex).toBe(0);
    expect(tile(500000).tabIndex).toBe(-1);
    press(tile(500005), 'ArrowUp');
    expect(focused()).toBe('500001');
    // Browser keys pass: Alt+Left is "back".
    expect(press(tile(500001), 'ArrowLeft', { altKey: true })).toBe(true);
    expect(focused()).toBe('500001');

    press(tile(500001), ' ');
    expect(tile(500001).getAttribute('aria-pressed')).toBe('true');
    expect(tile(500001).closest('[role="gridcell"]')!.getAttribute('aria-selected')).toBe('true');
    press(tile(500001), 'ArrowRight');
    press(tile(500002), 'ArrowRight');
    press(tile(500003), ' ', { shiftKey: true });
    expect(screen.getByText('已选择 3 张')).toBeTruthy();
    expect(tile(500002).getAttribute('aria-pressed')).toBe('true');
    press(tile(500003), ' ');
    expect(screen.getByText('已选择 2 张')).toBeTruthy();

    press(tile(500003), 'Enter');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('图片 500003');
    // The page's shortcuts wait while the lightbox is open.
    letter('a', dialog);
    expect(screen.getByText('已选择 2 张')).toBeTruthy();
  });

  it('hands focus back on close to the tile of the picture viewed last', async () => {
    await openGrid();
    tile(500001).focus();
    press(tile(500001), 'Enter');
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'ArrowRight', code: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight', code: 'ArrowRight' });
    expect(within(dialog).getByRole('heading').textContent).toBe('图片 500003');
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focused()).toBe('500003'));
    // The arrows go on from there.
    press(tile(500003), 'ArrowRight');
    expect(focused()).toBe('500004');
  });

  it('turns the picture with a sideways swipe, not with a vertical one', async () => {
    await openGrid();
    press(tile(500000), 'Enter');
    const dialog = await screen.findByRole('dialog');
    const picture = within(dialog).getByRole('button', { name: '上一张' }).parentElement!;
    const swipe = (from: [number, number], to: [number, number]) => {
      const down = [{ clientX: from[0], clientY: from[1] }];
      const up = [{ clientX: to[0], clientY: to[1] }];
      fireEvent.touchStart(picture, { touches: down, changedTouches: down });
      fireEvent.touchEnd(picture, { touches: [], changedTouches: up });
    };
    const heading = () => within(dialog).getByRole('heading').textContent;
    swipe([300, 200], [100, 210]);
    expect(heading()).toBe('图片 500001');
    swipe([100, 200], [300, 190]);
    expect(heading()).toBe('图片 500000');
    swipe([200, 100], [230, 400]);
    expect(heading()).toBe('图片 500000');
  });

  it('selects all with a, clears with Escape and downloads with d, but not from the filter field', async () => {
    const { fetchMock } = await openGrid();
    letter('a');
    expect(screen.getByText('已选择 10 张')).toBeTruthy();
    press(document.body, 'Escape');
    expect(screen.getByText('已选择 0 张')).toBeTruthy();

    const filter = screen.getByLabelText('按ID筛选');
    letter('a', filter);
    expect(screen.getByText('已选择 0 张')).toBeTruthy();
    fireEvent.change(filter, { target: { value: '500001' } });
    await waitFor(() => expect(document.querySelectorAll('[data-image-id]')).toHaveLength(1));
    // Only what is shown.
    letter('a');
    expect(screen.getByText('已选择 1 张')).toBeTruthy();

    letter('d');
    await screen.findByText('下载任务已创建：共 3 张图片，进度见下载任务');
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/download' && init?.method === 'POST',
    );
    expect(JSON.parse(String(sent![1]!.body)).image_urls).toHaveLength(1);
  });

  it('opens the shortcut list with ? and goes to the search field with /', async () => {
    const { router } = await openGrid();
    tile(500000).focus();
    fireEvent.keyDown(tile(500000), { key: '?', code: 'Slash', shiftKey: true });
    const list = await screen.findByRole('dialog', { name: '键盘快捷键' });
    for (const group of ['全局', '图片网格', '大图查看']) {
      expect(within(list).getByRole('heading', { name: group })).toBeTruthy();
    }
    expect(within(list).getByText('下载选中的图片')).toBeTruthy();
    fireEvent.keyDown(list, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(focused()).toBe('500000');

    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('搜索内容')));
  });

  it('lists the shortcuts and names the grid in English', async () => {
    // The signed-in user's language is applied at login.
    await openGrid(englishUser);
    expect(screen.getByRole('grid', { name: 'Image grid' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: '?', code: 'Slash', shiftKey: true });
    const list = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(list).getByText('Download the selected images')).toBeTruthy();
    expect(within(list).getAllByText('Space')).toHaveLength(2);
    expectNoCjk(list);
  });
});
