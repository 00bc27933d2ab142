import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { episode, episodesResponse } from '../../test/browseFixtures';
import { expectNoCjk } from '../../test/cjk';
import { json, mockApi, renderApp, englishUser, signedIn } from '../../test/helpers';

const PAGE = '/episodes/anime/10435?q=non';
const list = [
  ...Array.from({ length: 24 }, (_, n) => episode(n + 1)),
  { ...episode(null, 'のんのんびより 特別編'), image_count: 1 },
];

describe('episode page in English', () => {
  it('lists episodes with English counts and labels, titles as user content', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      ...signedIn(englishUser),
      'POST /api/episodes': () => json(200, episodesResponse(list)),
    });
    renderApp(PAGE);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('25 episodes')).toBeTruthy();
    expect(within(main).getByRole('heading', { name: 'Non Non Biyori' })).toBeTruthy();
    expect(within(main).getAllByText('Episode 1').length).toBeGreaterThan(0);
    expect(within(main).getByLabelText('Per page')).toBeTruthy();
    expect(within(main).getByRole('option', { name: '20 episodes' })).toBeTruthy();
    expect(within(main).getByRole('option', { name: 'By episode number' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Load more (20 of 25 shown)' })).toBeTruthy();
    expect(within(main).getAllByRole('button', { name: 'Add to favorites' }).length).toBe(20);
    expect(document.title).toBe('Non Non Biyori · capshelf');

    fireEvent.change(within(main).getByLabelText('Per page'), { target: { value: '50' } });
    expect(await within(main).findByText('のんのんびより 特別編')).toBeTruthy();
    expect(within(main).getByText('1 image')).toBeTruthy();
    expectNoCjk(main);

    fireEvent.click(within(main).getByRole('button', { name: 'Download whole work' }));
    const dialog = await screen.findByRole('dialog', { name: /^Download the whole work: / });
    expect(within(dialog).getByText('Episodes (25/25 chosen)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Thumbnail')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Start download (25 episodes)' }),
    ).toBeTruthy();
    expectNoCjk(dialog);
  });
});
