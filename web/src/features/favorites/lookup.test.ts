import { describe, expect, it } from 'vitest';
import { episode, images, showResult } from '../../test/browseFixtures';
import { favEpisode, favImage, favWork } from '../../test/favoriteFixtures';
import { buildFavoriteLookup, favoriteIdOf } from './lookup';
import { episodeTarget, imageTarget, workTarget } from './targets';

const origin = { work_title: '', work_id: null, episode_title: '', episode_id: null };
const work = { kind: 'anime', id: 10435 } as const;

describe('favourite lookup', () => {
  it('finds a work by its title, whatever the case', () => {
    const lookup = buildFavoriteLookup({
      works: [favWork(3, { title: 'NON NON BIYORI ' })],
      episodes: [],
      images: [],
    });
    expect(favoriteIdOf(lookup, workTarget(showResult))).toBe(3);
    expect(favoriteIdOf(lookup, workTarget({ ...showResult, title: 'Other' }))).toBeUndefined();
  });

  it('finds an episode by its URL, or by its title plus the work title', () => {
    const one = episode(1);
    const two = episode(2);
    const lookup = buildFavoriteLookup({
      works: [],
      episodes: [
        favEpisode(7, { episode_url: one.url, title: 'renamed', work_title: 'x' }),
        favEpisode(8, { episode_url: 'elsewhere', title: two.title, work_title: 'Non Non Biyori' }),
      ],
      images: [],
    });
    expect(favoriteIdOf(lookup, episodeTarget(one, 'Non Non Biyori', work))).toBe(7);
    expect(favoriteIdOf(lookup, episodeTarget(two, 'Non Non Biyori', work))).toBe(8);
    // The same episode title under another work is another episode.
    expect(favoriteIdOf(lookup, episodeTarget(two, 'Bleach', work))).toBeUndefined();
  });

  it('finds an image by its id and kind', () => {
    const [picture] = images(1);
    const lookup = buildFavoriteLookup({
      works: [],
      episodes: [],
      images: [favImage(0, { id: 9 })],
    });
    expect(favoriteIdOf(lookup, imageTarget(picture!, origin))).toBe(9);
    expect(favoriteIdOf(lookup, imageTarget({ ...picture!, kind: 'tv' }, origin))).toBeUndefined();
  });
});
