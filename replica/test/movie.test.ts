import { describe, expect, it } from 'vitest';
import { KEY_IDS, movieById, moviePath } from '../src';
import { fetchPage, idOf, useReplica } from './helpers';
import { parseMoviePage } from './parsers';

const replica = useReplica();
const open = async (path: string) =>
  parseMoviePage((await fetchPage(replica().pageOrigin + path)).$);

describe('movie pages', () => {
  const movie = movieById(KEY_IDS.multiPageMovie)!;
  const lastPage = Math.ceil(movie.imageIds.length / 36);

  it('serves 36 images per page with ads inside the grid and no top images', async () => {
    const page = await open(moviePath(movie));
    expect(page.title).toBe(`Images from ${movie.title}`);
    expect(page.images.map((i) => idOf(i.src))).toEqual(movie.imageIds.slice(0, 36));
    expect(page.images[0]!.src.startsWith(replica().hostOrigins.moviethumbs)).toBe(true);
    expect(page.adRows).toBe(2);
    expect(page.topImages).toBe(0);
  });

  it('walks all images and repeats the LAST page past the end', async () => {
    const seen: number[] = [];
    for (let n = 1; n <= lastPage; n++)
      seen.push(...(await open(moviePath(movie, n))).images.map((i) => idOf(i.src)));
    expect(seen).toEqual(movie.imageIds);
    const last = await open(moviePath(movie, lastPage));
    const past = await open(moviePath(movie, 999_999));
    expect(past.images).toEqual(last.images);
    expect(past.pagination.active).toBe(String(lastPage));
    expect(past.pagination.lastHref).toBe('#');
    expect(past.pagination.numbers.at(-1)).toBe(String(lastPage));
  });

  it('finds movieid despite a raw "&" in name, or without a name', async () => {
    const amp = movieById(KEY_IDS.ampersandMovie)!;
    const page2 = await open(`/movies/MovieImages.php?name=${amp.slug}&movieid=${amp.id}&page=2`);
    expect(page2.images.map((i) => idOf(i.src))).toEqual(amp.imageIds.slice(36));
    expect(page2.pagination.first.attr('href')).toBe(
      `MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023&movieid=${amp.id}&page=1`,
    );
    const bare = await open(`/movies/MovieImages.php?movieid=${amp.id}`);
    expect(bare.images.map((i) => idOf(i.src))).toEqual(amp.imageIds.slice(0, 36));
  });

  it('has a single page for exactly 36 images', async () => {
    const one = movieById(KEY_IDS.onePageMovie)!;
    const page = await open(moviePath(one));
    expect(page.images).toHaveLength(36);
    expect(page.pagination.numbers).toEqual(['1']);
    expect(page.pagination.lastHref).toBe('#');
    expect(page.adRows).toBe(2);
  });

  it('answers unknown movies with 404', async () => {
    expect(
      (await fetch(`${replica().pageOrigin}/movies/MovieImages.php?name=X&movieid=1`)).status,
    ).toBe(404);
  });
});
