import { describe, expect, it } from 'vitest';
import { KEY_IDS, movieById, searchCatalogue, showById } from '../src';
import { fetchPage, useReplica } from './helpers';
import { parseSearch } from './parsers';

const replica = useReplica();
const search = (params: string) =>
  fetchPage(`${replica().pageOrigin}/search.php?${params}&submit=Submit+Query`);

describe('search page', () => {
  it('keeps the form in the first block and lists results by category in the second', async () => {
    const { $ } = await search('q=lighthouse&MoviesCB=Movies&TVCB=TV&animeCB=Anime');
    const first = $('.single_post_content').eq(0);
    expect(first.find('form[method="GET"][action="/search.php"] input#q').attr('value')).toBe(
      'lighthouse',
    );
    const sections = parseSearch($);
    expect(sections.map((s) => s.heading)).toEqual([
      'Movie Results',
      'TV Results',
      'Anime Results',
    ]);
    expect(sections[0]!.rows).toEqual([]);
    expect($('.single_post_content').eq(1).text()).toContain('No results found');
    const season1 = showById(KEY_IDS.tvSeason1)!;
    expect(sections[1]!.rows.map((r) => r.href)).toEqual([
      `/tv/showimages.php?${season1.id}-${season1.slug}`,
      `/tv/showimages.php?${KEY_IDS.tvSeason2}-Lighthouse_Keepers_Season_2`,
    ]);
  });

  it('links movies with a raw "&" in name and previews on the old thumb host', async () => {
    const { $ } = await search('q=ladybug&MoviesCB=Movies');
    const [movies] = parseSearch($);
    const movie = movieById(KEY_IDS.ampersandMovie)!;
    expect(movies!.rows).toHaveLength(1);
    expect(movies!.rows[0]!.href).toBe(
      '/movies/MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023&movieid=4228',
    );
    expect(movies!.rows[0]!.previews).toEqual(
      movie.previewIds.map((id) => `${replica().hostOrigins.moviethumbs}/${id}.jpg`),
    );
    expect(
      $('.single_post_content').eq(1).find('a[href^="/movies/Image.php?imageid="]'),
    ).toHaveLength(3);
  });

  it('shows only the checked categories', async () => {
    const { $ } = await search('q=&animeCB=Anime');
    const sections = parseSearch($);
    expect(sections.map((s) => s.heading)).toEqual(['Anime Results']);
    expect(sections[0]!.rows.map((r) => r.title)).toContain("Hanabi's Lantern Festival");
    expect(
      sections[0]!.rows.every((r) =>
        r.previews.every((src) => src.startsWith(replica().hostOrigins.animethumbs)),
      ),
    ).toBe(true);
  });

  it('lists everything for an empty query, and the sidebar links elsewhere', async () => {
    const { $ } = await search('q=&MoviesCB=Movies&TVCB=TV&animeCB=Anime');
    const everything = searchCatalogue('', ['movie', 'tv', 'anime']);
    expect(parseSearch($).map((s) => s.rows.length)).toEqual([
      everything.movie.length,
      everything.tv.length,
      everything.anime.length,
    ]);
    expect($('div.right_bar a.hovertext[href^="/tv/episodeimages.php?"]').length).toBeGreaterThan(
      0,
    );
  });
});
