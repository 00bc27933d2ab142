import { describe, expect, it } from 'vitest';
import { HOST_NAMES } from '../src';
import { useReplica } from './helpers';

const replica = useReplica();

describe('startReplica', () => {
  it('listens on a separate origin per host', () => {
    const origins = HOST_NAMES.map((h) => replica().hostOrigins[h]);
    expect(new Set(origins).size).toBe(HOST_NAMES.length);
    expect(replica().pageOrigin).toBe(replica().hostOrigins.pages);
  });

  it('exposes the app settings that point at it', async () => {
    const { hostOrigins } = replica();
    expect(replica().env()).toEqual({
      UPSTREAM_BASE_URL: hostOrigins.pages,
      UPSTREAM_THUMB_URL_ANIME: `${hostOrigins.ant}/{id}.jpg`,
      UPSTREAM_THUMB_URL_TV: `${hostOrigins.tvt}/{id}.jpg`,
      UPSTREAM_THUMB_URL_MOVIE: `${hostOrigins.mvt}/{id}.jpg`,
      UPSTREAM_SMALL_URL_ANIME: `${hostOrigins.ancdn}/{id}.jpg`,
      UPSTREAM_SMALL_URL_TV: `${hostOrigins.tvcdn}/{id}.jpg`,
      UPSTREAM_SMALL_URL_MOVIE: `${hostOrigins.mvcdn}/{id}.jpg`,
      UPSTREAM_LARGE_URL_ANIME: `${hostOrigins.cdni}/file/fancaps-animeimages/{id}.jpg`,
      UPSTREAM_LARGE_URL_TV: `${hostOrigins.cdni}/file/fancaps-tvimages/{id}.jpg`,
      UPSTREAM_LARGE_URL_MOVIE: `${hostOrigins.cdni}/file/fancaps-movieimages/{id}.jpg`,
    });
    const info = (await (await fetch(`${replica().pageOrigin}/_control/info`)).json()) as {
      env: unknown;
    };
    expect(info.env).toEqual(replica().env());
  });
});
