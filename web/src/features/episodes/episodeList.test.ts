import { describe, expect, it } from 'vitest';
import { episode } from '../../test/browseFixtures';
import { arrangeEpisodes } from './episodeList';

const list = [
  episode(10, 'Episode 10'),
  episode(null, 'OVA'),
  episode(2, 'Episode 2'),
  episode(1, 'Bonus 1'),
];
const titles = (sort: Parameters<typeof arrangeEpisodes>[2], text = '') =>
  arrangeEpisodes(list, text, sort).map((e) => e.title);

describe('arrangeEpisodes', () => {
  it('keeps the server order by default', () => {
    expect(titles('default')).toEqual(['Episode 10', 'OVA', 'Episode 2', 'Bonus 1']);
  });

  it('sorts by title with numbers in numeric order', () => {
    expect(titles('title')).toEqual(['Bonus 1', 'Episode 2', 'Episode 10', 'OVA']);
  });

  it('sorts by episode number with unnumbered episodes last', () => {
    expect(titles('number')).toEqual(['Bonus 1', 'Episode 2', 'Episode 10', 'OVA']);
  });

  it('filters by title or number, case-insensitively', () => {
    expect(titles('default', 'ova')).toEqual(['OVA']);
    expect(titles('number', ' 1')).toEqual(['Bonus 1', 'Episode 10']);
  });
});
