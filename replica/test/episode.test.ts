import { describe, expect, it } from 'vitest';
import { KEY_IDS, episodeById, episodePath, showById } from '../src';
import { fetchPage, idOf, useReplica } from './helpers';
import { parseEpisodePage } from './parsers';

const replica = useReplica();
const big = episodeById(KEY_IDS.bigEpisode)!;
const bigShow = showById(big.showId)!;
const open = async (path: string) =>
  parseEpisodePage((await fetchPage(replica().pageOrigin + path)).$);
const relative = (page: number) =>
  `episodeimages.php?${big.id}-${bigShow.slug}/${big.labelSlug}&page=${page}`;

describe('episode pages', () => {
  it('walks every image exactly once across the pages, with top images repeated', async () => {
    const pages = Math.ceil(big.imageIds.length / 36);
    const seen: number[] = [];
    for (let n = 1; n <= pages; n++) {
      const page = await open(episodePath(bigShow, big, n));
      expect(page.top.map(idOf)).toEqual(big.topImageIds);
      expect(page.pagination.active).toBe(String(n));
      seen.push(...page.grid.map((cell) => idOf(cell.src)));
    }
    expect(seen).toEqual(big.imageIds);
  });

  it('slides a 5-page window that hides the last page until it is near', async () => {
    const mid = await open(episodePath(bigShow, big, 10));
    expect(mid.pagination.numbers).toEqual(['8', '9', '10', '11', '12']);
    expect(mid.pagination.first.attr('href')).toBe(relative(9));
    expect(mid.pagination.lastHref).toBe(relative(11));
    const last = await open(episodePath(bigShow, big, 24));
    expect(last.pagination.numbers).toEqual(['20', '21', '22', '23', '24']);
    expect(last.pagination.lastHref).toBe('#');
    expect(last.grid).toHaveLength(big.imageIds.length - 23 * 36);
  });

  it('keeps the top images but empties the grid past the end', async () => {
    const past = await open(episodePath(bigShow, big, 30));
    expect(past.grid).toEqual([]);
    expect(past.top.map(idOf)).toEqual(big.topImageIds);
    expect(past.pagination.lastHref).toBe('#');
  });

  it('accepts id-only URLs and reports the label in the title', async () => {
    const page = await open(`/anime/episodeimages.php?${big.id}`);
    expect(page.title).toBe(`Images From ${bigShow.title} ${big.label}`);
    expect(page.grid).toHaveLength(36);
  });

  it('pages through labels containing a raw "&"', async () => {
    const show = showById(KEY_IDS.longShow)!;
    const episode = show.episodes[0]!;
    const page2 = await open(episodePath(show, episode, 2));
    expect(page2.grid.map((c) => idOf(c.src))).toEqual(episode.imageIds.slice(36, 72));
    expect(page2.title).toBe(`Images From ${show.title} Episode 1 & 2`);
  });

  it('uses the TV variant: relative links, "Episode Images"', async () => {
    const show = showById(KEY_IDS.tvSeason2)!;
    const episode = show.episodes[0]!;
    const page = await open(episodePath(show, episode));
    expect(page.gridTitle).toBe('Episode Images');
    expect(page.showHref).toBe(`/tv/showimages.php?${show.id}-${show.slug}`);
    expect(page.grid[0]).toEqual({
      href: `picture.php?/${episode.imageIds[0]}`,
      src: `${replica().hostOrigins.tvt}/${episode.imageIds[0]}.jpg`,
    });
    expect(page.grid).toHaveLength(36);
    expect(page.nextEpisodeHref).toBe(
      `${replica().pageOrigin}/tv/episodeimages.php?${show.episodes[1]!.id}`,
    );
  });

  it('answers unknown episodes with 404', async () => {
    expect(
      (await fetch(`${replica().pageOrigin}/anime/episodeimages.php?1-Nope/Episode_1`)).status,
    ).toBe(404);
    expect((await fetch(`${replica().pageOrigin}/tv/episodeimages.php?${big.id}`)).status).toBe(
      404,
    );
  });
});
