import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_DIMENSIONS, KEY_IDS, episodeById, movieById, renderImage } from '../src';
import { useReplica } from './helpers';

const replica = useReplica();
const animeId = episodeById(KEY_IDS.bigEpisode)!.imageIds[0]!;
const tvId = episodeById(KEY_IDS.tvSeason1 + 1)!.imageIds[0]!;
const movieId = movieById(KEY_IDS.multiPageMovie)!.imageIds[0]!;

describe('renderImage', () => {
  it('makes JPEGs of the three sizes', async () => {
    for (const size of ['thumb', 'small', 'large'] as const) {
      const meta = await sharp(await renderImage('anime', animeId, size)).metadata();
      expect(meta.format).toBe('jpeg');
      expect({ width: meta.width, height: meta.height }).toEqual(IMAGE_DIMENSIONS[size]);
    }
  });

  it('is deterministic per (kind, id, size) and differs otherwise', async () => {
    const a = await renderImage('tv', tvId, 'small');
    const again = Buffer.from(await renderImage('tv', tvId, 'small'));
    expect(again.equals(a)).toBe(true);
    expect((await renderImage('tv', tvId + 1, 'small')).equals(a)).toBe(false);
    expect((await renderImage('movie', tvId, 'small')).equals(a)).toBe(false);
  });

  it('shows the kind by colour', async () => {
    const corner = async (kind: 'anime' | 'tv' | 'movie') => {
      const { data } = await sharp(await renderImage(kind, 4_275_000, 'thumb'))
        .extract({ left: 300, top: 5, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    const [anime, tv, movie] = await Promise.all([corner('anime'), corner('tv'), corner('movie')]);
    expect(anime[0]).toBeGreaterThan(anime[2]! + 100); // orange
    expect(tv[2]).toBeGreaterThan(tv[0]! + 100); // blue
    expect(movie[0]).toBeGreaterThan(movie[1]! + 50); // purple
  });
});

describe('image hosts', () => {
  const get = (host: keyof ReturnType<typeof replica>['hostOrigins'], path: string) =>
    fetch(replica().hostOrigins[host] + path);

  it('serve the rendered bytes with JPEG headers', async () => {
    const cases = [
      ['ant', `/${animeId}.jpg`, 'anime', animeId, 'thumb'],
      ['animethumbs', `/${animeId}.jpg`, 'anime', animeId, 'thumb'],
      ['tvcdn', `/${tvId}.jpg`, 'tv', tvId, 'small'],
      ['mvt', `/${movieId}.jpg`, 'movie', movieId, 'thumb'],
      ['cdni', `/file/fancaps-movieimages/${movieId}.jpg`, 'movie', movieId, 'large'],
      ['cdni', `/file/fancaps-animeimages/${animeId}.jpg`, 'anime', animeId, 'large'],
    ] as const;
    for (const [host, path, kind, id, size] of cases) {
      const response = await get(host, path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toContain('max-age');
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(body.equals(await renderImage(kind, id, size))).toBe(true);
    }
  });

  it('answer 404 for wrong kinds, unknown ids and other paths', async () => {
    const misses = [
      get('tvt', `/${animeId}.jpg`),
      get('ancdn', `/${movieId}.jpg`),
      get('cdni', `/file/fancaps-tvimages/${animeId}.jpg`),
      get('cdni', `/file/fancaps-nothing/${animeId}.jpg`),
      get('cdni', `/${animeId}.jpg`),
      get('ant', '/123.jpg'),
      get('ant', `/${animeId}.png`),
    ];
    expect((await Promise.all(misses)).map((r) => r.status)).toEqual(misses.map(() => 404));
  });
});
