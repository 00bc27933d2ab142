import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CdnStatus } from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { images, progressAnswer } from '../../test/browseFixtures';
import { cdnStatus, ONE_FULL_SIZE, WITH_COMPRESSED } from '../../test/downloadFixtures';
import { card, cards, PAGE, PROGRESS } from './ImageBrowser.fixtures';

/** The grid's size choice as offered under `status`; downloads one image and returns what it sent. */
async function gridUnder(status: CdnStatus, pick?: string) {
  const fetchMock = mockApi({
    ...signedIn(),
    'GET /api/images/cdn-status': () => json(200, status),
    [PROGRESS]: () => json(200, progressAnswer(images(2))),
    'POST /api/download': () => json(202, { download_id: 'x', file_count: 1, status: 'pending' }),
  });
  renderApp(PAGE);
  await screen.findByText('共 2 张', {}, { timeout: 10_000 });
  await waitFor(() => expect(cards()).toHaveLength(2));
  const sizes = screen.getByRole('group', { name: '尺寸' });
  const offered = () => [...sizes.querySelectorAll('label')].map((label) => label.textContent);
  await waitFor(() => expect(offered().length).toBe(status.download_sizes.anime.length));
  if (pick) fireEvent.click(screen.getByLabelText(pick));
  fireEvent.click(card(500000));
  fireEvent.click(screen.getByRole('button', { name: '下载选中 (1)' }));
  const sent = () =>
    fetchMock.mock.calls.find(([url, init]) => url === '/api/download' && init?.method === 'POST');
  await waitFor(() => expect(sent()).toBeTruthy());
  const checked = (sizes.querySelector('input:checked') as HTMLInputElement).parentElement!;
  return {
    offered: offered(),
    checked: checked.textContent,
    body: JSON.parse(String(sent()![1]!.body)) as Record<string, unknown>,
  };
}

describe('the size vocabulary on the image screen', () => {
  it('offers one full size where 小图 is the original: 原图, never a second name for it', async () => {
    const grid = await gridUnder(cdnStatus(ONE_FULL_SIZE, true));
    expect(grid.offered).toEqual(['原图', '缩略图']);
    expect(grid.checked).toBe('原图');
    // The page sends the title and the size; the server names the ZIP after what it holds.
    expect(grid.body).toMatchObject({
      size: 'original',
      filename_prefix: 'Non Non Biyori - Episode 1',
      image_urls: ['/api/images/500000.jpg?size=large&kind=anime'],
    });
  });

  it('offers 压缩图 where a compressed host exists, chosen first under the small-CDN preference', async () => {
    const grid = await gridUnder(cdnStatus(WITH_COMPRESSED, true));
    expect(grid.offered).toEqual(['原图', '压缩图', '缩略图']);
    expect(grid.checked).toBe('压缩图');
    expect(grid.body).toMatchObject({
      size: 'compressed',
      image_urls: ['/api/images/500000.jpg?size=small&kind=anime'],
    });
  });

  it('starts at 原图 without the preference, and downloads the size picked', async () => {
    const grid = await gridUnder(cdnStatus(WITH_COMPRESSED, false), '缩略图');
    expect(grid.offered).toEqual(['原图', '压缩图', '缩略图']);
    expect(grid.checked).toBe('缩略图');
    expect(grid.body).toMatchObject({
      size: 'thumb',
      image_urls: ['/api/images/500000.jpg?size=thumb&kind=anime'],
    });
  });
});

describe('原图 under the small-CDN preference', () => {
  it('opens the original in the lightbox and a new tab, not the compressed copy', async () => {
    // As the server lists under the preference: 大图 is the compressed copy.
    const listed = images(2).map((image) => ({
      ...image,
      large_url: `${image.large_url}&cdn=small`,
    }));
    mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(200, cdnStatus(WITH_COMPRESSED, true)),
      [PROGRESS]: () => json(200, progressAnswer(listed)),
    });
    renderApp(PAGE);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(await screen.findByLabelText('原图'));
    fireEvent.click(screen.getAllByRole('button', { name: '放大查看' })[0]!);
    const dialog = await screen.findByRole('dialog');
    const newTab = within(dialog).getByRole('link', { name: '新标签页打开' });
    expect(newTab.getAttribute('href')).toBe(listed[0]!.original_url);
    expect(newTab.getAttribute('href')).not.toContain('cdn=small');
  });
});
