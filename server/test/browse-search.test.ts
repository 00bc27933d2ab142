import { KEY_IDS, movieById, showById } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { api, t, useBrowseApp } from './support/browse-app';

useBrowseApp();

describe(`search (${databaseKind})`, () => {
  it('finds works by title and costs nothing the second time', async () => {
    const first = await api('POST', '/api/search', { query: ' Hanabi ', content_type: 'all' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.cached).toBe(false);
    const show = body.results.find((r: { id: number }) => r.id === KEY_IDS.longShow);
    expect(show).toMatchObject({
      title: showById(KEY_IDS.longShow)!.title,
      content_type: 'Anime',
      kind: 'anime',
      year: null,
    });
    expect(show.preview_images[0]).toMatch(/^\/api\/images\/\d+\.jpg\?kind=anime&size=thumb$/);
    expect(t.upstreamRequests()).toBe(1);

    const again = await api('POST', '/api/search', { query: 'hanabi', content_type: 'all' });
    expect(again.json().cached).toBe(true);
    expect(again.json().results).toEqual(body.results);
    expect(t.upstreamRequests()).toBe(1);
  });

  it('reads years of movies and filters by type', async () => {
    const res = await api('POST', '/api/search', { query: 'ladybug', content_type: 'movies' });
    const [movie] = res.json().results;
    expect(movie).toMatchObject({
      id: KEY_IDS.ampersandMovie,
      content_type: 'Movie',
      year: 2023,
      kind: 'movie',
    });
    const animeOnly = await api('POST', '/api/search', { query: 'ladybug', content_type: 'anime' });
    expect(animeOnly.json().results).toEqual([]);
  });

  it('refuses an empty query without asking the source site', async () => {
    const res = await api('POST', '/api/search', { query: '   ', content_type: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(t.upstreamRequests()).toBe(0);
  });

  it('bypasses the cache once when asked to refresh', async () => {
    await api('POST', '/api/search', { query: 'lighthouse', content_type: 'tv' });
    const refreshed = await api('POST', '/api/search?refresh=true', {
      query: 'lighthouse',
      content_type: 'tv',
    });
    expect(refreshed.json().cached).toBe(false);
    expect(t.upstreamRequests()).toBe(2);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe(`episodes (${databaseKind})`, () => {
  it('lists every episode over all pages once, then from the store', async () => {
    const showUrl = `${t.replica.pageOrigin}/anime/showimages.php?${KEY_IDS.longShow}-Whatever_Slug`;
    const res = await api('POST', '/api/episodes/', { show_url: showUrl });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = showById(KEY_IDS.longShow)!.episodes;
    expect(body.total).toBe(expected.length);
    expect(body.episodes.map((e: { id: number }) => e.id)).toEqual(expected.map((e) => e.id));
    expect(body.episodes.map((e: { title: string }) => e.title)).toEqual(
      expect.arrayContaining(['Episode 1 & 2', 'OVA 1', 'Special 1']),
    );
    const ep3 = body.episodes.find((e: { title: string }) => e.title === 'Episode 3');
    expect(ep3.episode_number).toBe(3);
    expect(ep3.preview_images).toHaveLength(4);
    const pages = t.upstreamRequests();
    expect(pages).toBe(3);

    const again = await api('POST', '/api/episodes', {
      show_url: `${KEY_IDS.longShow}-X`,
      kind: 'anime',
    });
    expect(again.json()).toMatchObject({ cached: true, total: expected.length });
    expect(t.upstreamRequests()).toBe(pages);
  });

  it('answers MOVIE_NO_EPISODES for a movie, with its images URL', async () => {
    await api('POST', '/api/search', { query: 'ladybug', content_type: 'movies' });
    const movieUrl = `${t.replica.pageOrigin}/movies/MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023&movieid=${KEY_IDS.ampersandMovie}`;
    const res = await api('POST', '/api/episodes/', { show_url: movieUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatchObject({
      error: 'MOVIE_NO_EPISODES',
      movie_title: movieById(KEY_IDS.ampersandMovie)!.title,
      image_url: expect.stringContaining(`movieid=${KEY_IDS.ampersandMovie}`),
    });
  });

  it('refuses URLs on other hosts before any request leaves', async () => {
    for (const show_url of [
      'https://evil.example.com/anime/showimages.php?10434',
      'http://127.0.0.1:1/anime/showimages.php?10434',
      'file:///etc/passwd',
    ]) {
      const res = await api('POST', '/api/episodes/', { show_url });
      expect(res.statusCode).toBe(400);
    }
    expect(t.upstreamRequests()).toBe(0);
  });
});

describe(`source site faults (${databaseKind})`, () => {
  it('reports a rate limit in the shape the page expects and cools down without new requests', async () => {
    t.replica.setFault('pages', { type: 'rate-limit', retryAfter: 30 });
    const res = await api('POST', '/api/search', { query: 'koi', content_type: 'all' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('UPSTREAM_RATE_LIMITED');
    expect(res.json().detail).toMatch(/429/);
    expect(res.json().detail).toMatch(/rate limit/);
    expect(res.json().retry_after).toBeGreaterThan(20);
    const sent = t.upstreamRequests();
    const during = await api('POST', '/api/search', { query: 'kettle', content_type: 'all' });
    expect(during.statusCode).toBe(429);
    expect(t.upstreamRequests()).toBe(sent);
    // What is already stored keeps being served.
    expect(
      (await api('POST', '/api/search', { query: 'hanabi', content_type: 'all' })).statusCode,
    ).toBe(200);
    const status = await api('GET', '/api/images/cdn-status');
    expect(status.statusCode).toBe(200);
  });
});
