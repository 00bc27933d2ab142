import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { expectNoCjk } from '../../test/cjk';
import { json, mockApi, renderApp, englishUser, signedIn } from '../../test/helpers';
import { categorized, historyEpisode, libraryCategory } from '../../test/libraryFixtures';

const LEVEL1 = 'GET /api/images/local-library-categorized?page=1&limit=20';

/** The server's uncategorized group: its names are the app's, in Chinese. */
const uncategorized = libraryCategory(0, {
  show_name: '未分类',
  work: null,
  link: null,
  category: 'uncategorized',
  episode_count: 1,
  total_images: 1,
  episodes: [
    {
      episode_name: '全部',
      episode_id: null,
      episode_key: 'all',
      kind: null,
      link: null,
      image_count: 1,
      images: [],
    },
  ],
});

describe('libraries in English', () => {
  it('names the categorized levels and counts in English, the uncategorized group too', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      ...signedIn(englishUser),
      [LEVEL1]: () => json(200, categorized([libraryCategory(1), uncategorized])),
    });
    renderApp('/categorized-library');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Works: 2 · images: 31')).toBeTruthy();
    expect(within(main).getByRole('heading', { name: 'Categorized library' })).toBeTruthy();
    const work = document.querySelector<HTMLElement>('[data-category="anime:1"]')!;
    expect(within(work).getByText('2 episodes')).toBeTruthy();
    expect(within(work).getByText('30 images')).toBeTruthy();
    expect(within(work).getByText(/^Last cached /)).toBeTruthy();
    const other = document.querySelector<HTMLElement>('[data-category="uncategorized"]')!;
    expect(within(other).getByText('Uncategorized')).toBeTruthy();
    expect(within(other).getByText('1 episode')).toBeTruthy();
    expect(within(other).getByText('1 image')).toBeTruthy();
    expectNoCjk(main);

    fireEvent.click(within(other).getByRole('link'));
    expect(await within(main).findByRole('heading', { name: 'Uncategorized' })).toBeTruthy();
    expect(within(main).getByText('All')).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Back' })).toBeTruthy();
    expectNoCjk(main);
  });

  it('shows the search history by episode in English', async () => {
    await i18n.changeLanguage('en');
    const list = [historyEpisode(2, { view_count: 1 }), historyEpisode(1, { source: 'direct' })];
    mockApi({
      ...signedIn(englishUser),
      'GET /api/images/search-based-library': () =>
        json(200, { categories: [], total_categories: 0, total_images: 0 }),
      'GET /api/images/search-based-library/episodes': () =>
        json(200, { episodes: list, total: list.length }),
    });
    renderApp('/history?view=episode');
    const main = await screen.findByRole('main');
    const row = await within(main).findByText('Viewed 1 time');
    const card = row.closest('li')!;
    expect(within(card).getByText('Search')).toBeTruthy();
    expect(within(card).getByText('Work: Non Non Biyori')).toBeTruthy();
    expect(within(card).getByText('120 images')).toBeTruthy();
    expect(within(main).getByText('Direct visit')).toBeTruthy();
    expect(within(main).getByText('Viewed 3 times')).toBeTruthy();
    expect(within(main).getByRole('heading', { name: 'Search history library' })).toBeTruthy();
    expectNoCjk(main);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Episode 2' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Delete the viewing record of “Episode 2” (120 images, viewed once)?',
    );
  });
});
