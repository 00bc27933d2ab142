import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FavoriteLists } from '@capshelf/contract';
import { i18n } from '../../../i18n';
import { expectNoCjk } from '../../../test/cjk';
import { favEpisode, favImage, favorites, favWork } from '../../../test/favoriteFixtures';
import { json, mockApi, renderApp, englishUser, signedIn } from '../../../test/helpers';

const lists: FavoriteLists = {
  works: [
    favWork(1, { title: 'のんのんびより' }),
    favWork(2, { title: 'Bleach', work_type: 'TV', content_type: 'tv' }),
  ],
  episodes: [favEpisode(3), favEpisode(4, { title: '代行証', work_title: 'Bleach' })],
  images: [favImage(5), favImage(6, { work_title: '', episode_title: '' })],
};

describe('favourites screen in English', () => {
  it('shows every tab in English, with source titles as user content', async () => {
    await i18n.changeLanguage('en');
    mockApi({ ...signedIn(englishUser), 'GET /api/favorites': () => json(200, favorites(lists)) });
    renderApp('/favorites');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('6 in all: works 2, episodes 2, images 2')).toBeTruthy();
    expect(document.title).toBe('My favorites · capshelf');
    expect(within(main).getByRole('heading', { name: 'My favorites' })).toBeTruthy();
    expect(within(main).getByText('TV')).toBeTruthy();
    // A Chinese source title is user data: shown as it is, marked, and skipped by the check.
    expect(within(main).getByText('のんのんびより').hasAttribute('data-user-content')).toBe(true);
    fireEvent.click(within(main).getByRole('checkbox', { name: 'Select Bleach' }));
    expect(within(main).getByText('1 selected')).toBeTruthy();
    expectNoCjk(main);

    fireEvent.mouseDown(within(main).getByRole('tab', { name: 'Episodes (2)' }));
    fireEvent.click(within(main).getByRole('tab', { name: 'Episodes (2)' }));
    expect(await within(main).findByText('Grouped by work')).toBeTruthy();
    expect(within(main).getByText('代行証').hasAttribute('data-user-content')).toBe(true);
    expectNoCjk(main);

    fireEvent.mouseDown(within(main).getByRole('tab', { name: 'Images (2)' }));
    fireEvent.click(within(main).getByRole('tab', { name: 'Images (2)' }));
    expect(await within(main).findByRole('region', { name: 'Unknown work' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Download selected (0)' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Image 500005' })).toBeTruthy();
    expectNoCjk(main);
  });

  it('asks before deleting the selection, counted in English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ ...signedIn(englishUser), 'GET /api/favorites': () => json(200, favorites(lists)) });
    renderApp('/favorites');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Bleach' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Delete the 1 selected favorite? This cannot be undone.'),
    ).toBeTruthy();
  });
});
