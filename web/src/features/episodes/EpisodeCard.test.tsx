import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@capshelf/contract';
import { i18n } from '../../i18n';
import { episode, episodesResponse } from '../../test/browseFixtures';
import { englishUser, json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';

const PAGE = '/episodes/anime/10435?q=non';

/** The episode list with "Episode 3" (a title that is its number) and a titled episode 4. */
async function episodeCards(user: User) {
  mockApi({
    ...signedIn(user),
    'POST /api/episodes': () =>
      json(200, episodesResponse([episode(3), episode(4, 'The Lantern Festival')])),
  });
  renderApp(PAGE);
  await screen.findByText('The Lantern Festival');
  const card = (id: number) => document.querySelector<HTMLElement>(`[data-episode-id="${id}"]`)!;
  return { plain: card(1003), titled: card(1004) };
}

describe('an episode card', () => {
  it('in English, says "Episode 3" once when the title says just that, and numbers a titled one', async () => {
    await i18n.changeLanguage('en');
    const { plain, titled } = await episodeCards(englishUser);
    expect(within(plain).getAllByText('Episode 3')).toHaveLength(1);
    expect(within(titled).getByText('Episode 4')).toBeTruthy();
  });

  it('in Chinese, keeps the number badge beside the source title', async () => {
    const { plain, titled } = await episodeCards(testUser);
    expect(within(plain).getByText('第 3 集')).toBeTruthy();
    expect(within(plain).getByText('Episode 3')).toBeTruthy();
    expect(within(titled).getByText('第 4 集')).toBeTruthy();
  });
});
