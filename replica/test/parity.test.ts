import { existsSync, readFileSync } from 'node:fs';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  KEY_IDS,
  episodeById,
  movieById,
  showById,
  episodePath,
  moviePath,
  showPath,
} from '../src';
import { fetchPage, idOf, useReplica } from './helpers';
import {
  parseEpisodePage,
  parseMoviePage,
  parsePicture,
  parseSearch,
  parseShowPage,
} from './parsers';

/**
 * The same spec-style parsers must read the saved real pages and the replica's pages alike, so a
 * scraper written against fancaps works unchanged against the replica.
 */
const FIXTURES = new URL('../../../shared/fixtures/fancaps/', import.meta.url);
const fixture = (name: string) =>
  cheerio.load(readFileSync(new URL(`magonxesp__${name}.html`, FIXTURES), 'utf8'));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const replica = useReplica();

// The saved pages are reference data beside the project, not part of it; without them, say so.
const haveFixtures = existsSync(FIXTURES);
if (!haveFixtures) console.log(`[replica parity] skipping: ${FIXTURES.pathname} not found`);

describe.skipIf(!haveFixtures)('parity with the saved fancaps pages', () => {
  it('search results', async () => {
    const check = (sections: ReturnType<typeof parseSearch>) => {
      expect(sections.map((s) => s.heading)).toEqual([
        'Movie Results',
        'TV Results',
        'Anime Results',
      ]);
      const anime = sections[2]!.rows;
      expect(anime.length).toBeGreaterThan(0);
      for (const row of anime) {
        expect(row.href).toMatch(/^\/anime\/showimages\.php\?\d+-\w+$/);
        expect(row.previews).toHaveLength(3);
        expect(row.previews.every((src) => Number.isInteger(idOf(src)))).toBe(true);
      }
    };
    check(parseSearch(fixture('non-non-biyori-search-result')));
    const { $ } = await fetchPage(
      `${replica().pageOrigin}/search.php?q=&MoviesCB=Movies&TVCB=TV&animeCB=Anime&submit=Submit+Query`,
    );
    check(parseSearch($));
  });

  it('anime show page', async () => {
    const check = (page: ReturnType<typeof parseShowPage>, origin: string, showQuery: string) => {
      expect(page.episodes).toHaveLength(10);
      expect(page.previews).toBe(40);
      for (const [i, episode] of page.episodes.entries()) {
        expect(episode.href).toMatch(/^\/anime\/episodeimages\.php\?\d+-\w+\/\S+$/);
        expect(page.buttons[i]).toBe(origin + episode.href);
      }
      expect(page.prevDisabled).toBe(true);
      expect(page.prevHref).toBe(`${origin}/anime/showimages.php?${showQuery}&page=0`);
      expect(page.nextHref).toBe(`${origin}/anime/showimages.php?${showQuery}&page=2`);
    };
    const real = parseShowPage(fixture('non-non-biyori-episodes'), 'anime');
    check(real, 'https://fancaps.net', '10434-Non_Non_Biyori');
    expect(real.episodes[0]!.label).toBe('Episode 1');

    const show = showById(KEY_IDS.longShow)!;
    const { $ } = await fetchPage(replica().pageOrigin + showPath(show));
    const ours = parseShowPage($, 'anime');
    check(ours, replica().pageOrigin, `${show.id}-${show.slug}`);
    expect(ours.episodes[0]!.label).toBe('Episode 1 & 2');
  });

  it('anime episode page', async () => {
    const check = (
      page: ReturnType<typeof parseEpisodePage>,
      origin: string,
      query: string,
      nextId: number,
    ) => {
      expect(page.gridTitle).toBe('Episode Screencaps');
      expect(page.top).toHaveLength(4);
      expect(page.grid).toHaveLength(36);
      const ids = page.grid.map((cell) => idOf(cell.src));
      expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
      expect(page.grid[0]!.href).toBe(`${origin}/anime/picture.php?/${ids[0]}`);
      expect(page.showHref).toMatch(
        new RegExp(`^${escape(origin)}/anime/showimages\\.php\\?\\d+-\\w+$`),
      );
      expect(page.pagination.active).toBe('1');
      expect(page.pagination.numbers).toEqual(['1', '2', '3', '4', '5']);
      expect(page.pagination.first.attr('ihref')).toBe('#');
      expect(page.pagination.first.attr('href')).toBeUndefined();
      expect(page.pagination.lastHref).toBe(`episodeimages.php?${query}&page=2`);
      expect(page.nextEpisodeHref).toBe(`${origin}/anime/episodeimages.php?${nextId}`);
    };
    check(
      parseEpisodePage(fixture('non-non-biyori-episode-images')),
      'https://fancaps.net',
      '10435-Non_Non_Biyori/Episode_1',
      10436,
    );

    const episode = episodeById(KEY_IDS.bigEpisode)!;
    const show = showById(episode.showId)!;
    const { $ } = await fetchPage(replica().pageOrigin + episodePath(show, episode));
    check(
      parseEpisodePage($),
      replica().pageOrigin,
      `${episode.id}-${show.slug}/${episode.labelSlug}`,
      episode.id + 1,
    );
  });

  it('movie page', async () => {
    const check = (page: ReturnType<typeof parseMoviePage>, movieQuery: string) => {
      expect(page.title).toMatch(/^Images from .+ \(\d{4}\)$/);
      expect(page.images).toHaveLength(36);
      expect(page.images[0]!.href).toBe(`Image.php?imageid=${idOf(page.images[0]!.src)}`);
      expect(page.adRows).toBe(2);
      expect(page.topImages).toBe(0);
      expect(page.pagination.numbers).toEqual(['1', '2', '3', '4', '5']);
      expect(page.pagination.first.attr('ihref')).toBe('#');
      expect(page.pagination.lastHref).toBe(`MovieImages.php?${movieQuery}&page=2`);
    };
    check(
      parseMoviePage(fixture('a-silent-voice-images')),
      'name=A_Silent_Voice_The_Movie_2016&movieid=2040',
    );

    const movie = movieById(KEY_IDS.multiPageMovie)!;
    const { $ } = await fetchPage(replica().pageOrigin + moviePath(movie));
    check(parseMoviePage($), `name=${movie.slug}&movieid=${movie.id}`);
  });

  it('picture page', async () => {
    const check = (page: ReturnType<typeof parsePicture>, id: number) => {
      expect(page.original).toMatch(new RegExp(`/file/fancaps-animeimages/${id}\\.jpg$`));
      expect(idOf(page.compressed)).toBe(id);
      expect(idOf(page.previous)).toBe(id - 1);
      expect(idOf(page.next)).toBe(id + 1);
    };
    check(parsePicture(fixture('non-non-biyori-picture')), 7123823);
    const id = episodeById(KEY_IDS.bigEpisode)!.imageIds[5]!;
    const { $ } = await fetchPage(`${replica().pageOrigin}/anime/picture.php?/${id}`);
    check(parsePicture($), id);
  });
});
