import { describe, expect, it } from 'vitest';
import { KEY_IDS, episodeById, movieById } from '../src';
import { fetchPage, useReplica } from './helpers';
import { parsePicture } from './parsers';

const replica = useReplica();

describe('picture pages', () => {
  it('link the original on cdni and show the compressed image', async () => {
    const id = episodeById(KEY_IDS.tvSeason1 + 1)!.imageIds[3]!;
    const { $ } = await fetchPage(`${replica().pageOrigin}/tv/picture.php?/${id}`);
    expect(parsePicture($)).toEqual({
      original: `${replica().hostOrigins.cdni}/file/fancaps-tvimages/${id}.jpg`,
      compressed: `${replica().hostOrigins.tvcdn}/${id}.jpg`,
      previous: `${replica().pageOrigin}/tv/picture.php?/${id - 1}`,
      next: `${replica().pageOrigin}/tv/picture.php?/${id + 1}`,
    });
  });

  it('serves movie pictures on Image.php', async () => {
    const id = movieById(KEY_IDS.ampersandMovie)!.imageIds[0]!;
    const { status, $ } = await fetchPage(`${replica().pageOrigin}/movies/Image.php?imageid=${id}`);
    expect(status).toBe(200);
    expect(parsePicture($).original).toBe(
      `${replica().hostOrigins.cdni}/file/fancaps-movieimages/${id}.jpg`,
    );
    expect($('ol.breadcrumb a[href^="MovieImages.php?"]').attr('href')).toContain(
      `&movieid=${KEY_IDS.ampersandMovie}`,
    );
  });

  it('answers unknown ids and wrong kinds with a 404 page', async () => {
    const animeId = episodeById(KEY_IDS.bigEpisode)!.imageIds[0]!;
    for (const path of [
      '/anime/picture.php?/1',
      `/tv/picture.php?/${animeId}`,
      `/movies/Image.php?imageid=${animeId}`,
    ]) {
      const { status, $ } = await fetchPage(replica().pageOrigin + path);
      expect(status).toBe(404);
      expect($('h1').text()).toContain('404');
    }
  });
});
