import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGES_IN_FLIGHT } from '../../lib/imageQueue';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { images, progressAnswer } from '../../test/browseFixtures';
import { card, cards, PAGE, PROGRESS } from './ImageBrowser.fixtures';

describe('image screen', () => {
  it('keeps a bounded number of cards for an episode of 5,000 images', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(5000))) });
    renderApp(PAGE);
    // Rendering 5,000 records takes a while on a loaded machine; the point is the bound below.
    await screen.findByText('共 5000 张', {}, { timeout: 10_000 });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    expect(cards().length).toBeLessThan(200);
    expect(cards()[0]!.dataset.imageId).toBe('500000');
    // A few pictures load at once (the image queue), the next when one has loaded.
    const imgs = () => [...document.querySelectorAll('img')];
    await waitFor(() => expect(imgs()).toHaveLength(IMAGES_IN_FLIGHT));
    expect(imgs()[0]!.getAttribute('loading')).toBe('eager');
    // The grid shows thumbnails whatever size is chosen.
    expect(imgs()[0]!.getAttribute('src')).toBe('/api/images/500000.jpg?size=thumb&kind=anime');
    fireEvent.load(imgs()[0]!);
    await waitFor(() => expect(imgs()).toHaveLength(IMAGES_IN_FLIGHT + 1));
  }, 20_000);

  it('filters by id, selects a SHIFT range and switches size and columns', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(300))) });
    renderApp(PAGE);
    await screen.findByText('共 300 张');

    fireEvent.change(screen.getByLabelText('按ID筛选'), { target: { value: '5001' } });
    await waitFor(() => expect(cards()[0]?.dataset.imageId).toBe('500100'));
    expect(cards().every((c) => c.dataset.imageId!.includes('5001'))).toBe(true);

    fireEvent.click(card(500102));
    fireEvent.click(card(500106), { shiftKey: true });
    expect(screen.getByText('已选择 5 张')).toBeTruthy();
    expect(card(500104).getAttribute('aria-pressed')).toBe('true');
    expect(card(500107).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: '取消全选' }));
    expect(screen.getByText('已选择 0 张')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '全选' }));
    expect(screen.getByText('已选择 100 张')).toBeTruthy();

    // The size decides what opens in a new tab (and what is downloaded), not the grid's picture.
    const newTab = () =>
      within(card(500100).parentElement!).getByRole('link', { name: '在新标签页打开' });
    expect(newTab().getAttribute('href')).toBe('/api/images/500100.jpg?size=large&kind=anime');
    fireEvent.click(screen.getByLabelText('缩略图'));
    expect(newTab().getAttribute('href')).toBe('/api/images/500100.jpg?size=thumb&kind=anime');
    expect(within(card(500100)).getByRole('img').getAttribute('src')).toBe(
      '/api/images/500100.jpg?size=thumb&kind=anime',
    );
    fireEvent.change(screen.getByLabelText('列数'), { target: { value: '3' } });
    const row = card(500100).closest('[style*="grid-template-columns"]') as HTMLElement;
    expect(row.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
  });

  it('selects a range with two taps in range mode, and remembers the columns per device', async () => {
    mockApi({ ...signedIn(), [PROGRESS]: () => json(200, progressAnswer(images(10))) });
    renderApp(PAGE);
    await waitFor(() => expect(cards()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '范围选择' }));
    expect(screen.getByText('范围选择：请点选起始图片')).toBeTruthy();
    fireEvent.click(card(500006));
    expect(screen.getByText('范围选择：请点选结束图片')).toBeTruthy();
    fireEvent.click(card(500002));
    expect(screen.getByText('已选择 5 张')).toBeTruthy();
    // The mode ends with the range; the next tap toggles one tile again.
    expect(screen.getByRole('button', { name: '范围选择' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    fireEvent.click(card(500009));
    expect(screen.getByText('已选择 6 张')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('列数'), { target: { value: '2' } });
    expect(localStorage.getItem('capshelf.grid-columns')).toBe('2');
    fireEvent.change(screen.getByLabelText('列数'), { target: { value: 'auto' } });
    expect(localStorage.getItem('capshelf.grid-columns')).toBeNull();
  });
});
