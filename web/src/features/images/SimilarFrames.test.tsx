import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstProgressCall, images, progressAnswer } from '../../test/browseFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { downloadList } from '../../test/downloadFixtures';

const EPISODE_URL = 'https://fancaps.net/anime/episodeimages.php?1001';
const PAGE = '/images/anime/1001';
const PROGRESS = firstProgressCall(EPISODE_URL);
const card = (id: number) => document.querySelector(`[data-image-id="${id}"]`);

describe('隐藏相似帧', () => {
  it('asks the server which frames repeat and hides them, with the count', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      [PROGRESS]: () => json(200, progressAnswer(images(4))),
      'GET /api/download': () => json(200, downloadList([])),
      'POST /api/download/near-duplicates': () =>
        json(200, { hidden_ids: [500001, 500002], unknown_ids: [] }),
    });
    renderApp(PAGE);
    await screen.findByText('共 4 张', undefined, { timeout: 5000 });
    await waitFor(() => expect(card(500003)).toBeTruthy());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/download/near-duplicates')).toBe(
      false,
    );

    fireEvent.click(screen.getByLabelText(/隐藏相似帧/));
    expect(await screen.findByText('（已隐藏 2 张）')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/download/near-duplicates')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      kind: 'anime',
      image_ids: [500000, 500001, 500002, 500003],
    });
    await waitFor(() => expect(card(500001)).toBeNull());
    expect(card(500002)).toBeNull();
    expect(card(500000)).toBeTruthy();
    expect(card(500003)).toBeTruthy();

    fireEvent.click(screen.getByLabelText(/隐藏相似帧/));
    await waitFor(() => expect(card(500001)).toBeTruthy());
  });

  it('names a movie ZIP after its title once, with the size suffix', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      [PROGRESS]: () =>
        json(
          200,
          progressAnswer(images(2), {
            work_title: 'Paper Moon Express (1999)',
            episode_title: 'Paper Moon Express (1999)',
          }),
        ),
      'GET /api/download': () => json(200, downloadList([])),
      'POST /api/download': () =>
        json(202, { download_id: 'task-0000000001', file_count: 1, status: 'pending' }),
    });
    renderApp(PAGE);
    expect(
      await screen.findByRole('heading', { name: 'Paper Moon Express (1999)' }, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(card(500000)).toBeTruthy());
    fireEvent.click(card(500000)!);
    fireEvent.click(screen.getByRole('button', { name: /下载选中/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/download')).toBe(true),
    );
    const call = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/download' && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(call[1]!.body))).toMatchObject({
      filename_prefix: 'Paper Moon Express (1999)',
      size: 'original',
    });
  });
});
