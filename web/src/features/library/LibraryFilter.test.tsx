import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { categorized, historyCategory, libraryCategory } from '../../test/libraryFixtures';

const works = () =>
  [...document.querySelectorAll('li[data-category], li[data-show-name]')].map((card) =>
    card.textContent?.replace(/\s+/g, ' '),
  );

describe('the libraries’ filters and Chinese names', () => {
  it('shows the Chinese name on the categorized library and asks the server for works of a name', async () => {
    const barakamon = libraryCategory(11600, { show_name: 'Barakamon', chinese_name: '元气囝仔' });
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/images/local-library-categorized?page=1&limit=20': () =>
        json(200, categorized([barakamon, libraryCategory(2)])),
      [`GET /api/images/local-library-categorized?page=1&limit=20&q=${encodeURIComponent('元氣')}`]:
        () => json(200, categorized([barakamon])),
      'GET /api/images/local-library-categorized?page=1&limit=20&q=zzz': () =>
        json(200, categorized([])),
    });
    renderApp('/categorized-library');
    expect(await screen.findByText('元气囝仔')).toBeTruthy();
    expect(works()).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('筛选作品'), { target: { value: '元氣' } });
    await waitFor(() => expect(works()).toHaveLength(1));
    expect(works()[0]).toContain('Barakamon');
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith(`q=${encodeURIComponent('元氣')}`)),
    ).toBe(true);

    fireEvent.change(screen.getByLabelText('筛选作品'), { target: { value: 'zzz' } });
    expect(await screen.findByText('没有名称包含「zzz」的作品')).toBeTruthy();
  });

  it('filters the history by either name on the page', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/search-based-library': () =>
        json(200, {
          categories: [
            historyCategory({
              show_name: 'Barakamon',
              chinese_name: '元气囝仔',
              work: { kind: 'anime', id: 11600 },
            }),
            historyCategory(),
          ],
          total_categories: 2,
          total_images: 480,
        }),
    });
    renderApp('/search-based-library');
    expect(await screen.findByText('元气囝仔')).toBeTruthy();
    expect(works()).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('筛选作品'), { target: { value: '囝仔' } });
    expect(works()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('筛选作品'), { target: { value: 'NON NON' } });
    expect(works()).toEqual([expect.stringContaining('Non Non Biyori')]);
    fireEvent.change(screen.getByLabelText('筛选作品'), { target: { value: '进击' } });
    expect(await screen.findByText('没有名称包含「进击」的作品')).toBeTruthy();
  });
});
