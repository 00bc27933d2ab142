import { KEY_IDS, episodeById, movieById, renderImage } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { api, BIG_EPISODE_SHOW, episodeUrl, t, useBrowseApp } from './support/browse-app';

// The replica draws each original on request: beside the other tiers of a full run that took over
// the default 3 s, and the retry made a second request where these tests count one.
useBrowseApp({ UPSTREAM_TIMEOUT: '30s' });

describe(`episode images (${databaseKind})`, () => {
  it('walks every page of a long episode once, even for concurrent identical requests', async () => {
    const id = KEY_IDS.bigEpisode;
    const url = `/api/images/episode/${encodeURIComponent(episodeUrl('anime', id))}`;
    const [a, b] = await Promise.all([api('GET', url), api('GET', url)]);
    const expected = episodeById(id)!.imageIds;
    expect(a.json().images.map((i: { id: number }) => i.id)).toEqual(expected);
    expect(b.json().total).toBe(expected.length);
    const pages = Math.ceil(expected.length / 36);
    expect(t.upstreamRequests()).toBe(pages);
    expect(a.json()).toMatchObject({
      mode: 'smart',
      exact: true,
      work: { kind: 'anime', id: BIG_EPISODE_SHOW },
    });

    const byQueryPart = await api(
      'GET',
      `/api/images/episode/${encodeURIComponent(`${id}-Slug/Episode_2`)}?kind=anime`,
    );
    expect(byQueryPart.json()).toMatchObject({ cached: true, total: expected.length });
    expect(t.upstreamRequests()).toBe(pages);
  });

  it('fast mode proves contiguous episodes exact and says when it guessed', async () => {
    const contiguous = KEY_IDS.bigEpisode + 1;
    const fast = await api(
      'GET',
      `/api/images/episode/${encodeURIComponent(episodeUrl('anime', contiguous))}/fast`,
    );
    expect(fast.json()).toMatchObject({ mode: 'fast', exact: true });
    expect(fast.json().images.map((i: { id: number }) => i.id)).toEqual(
      episodeById(contiguous)!.imageIds,
    );

    const gap = await api(
      'GET',
      `/api/images/episode/${encodeURIComponent(episodeUrl('anime', KEY_IDS.nonContiguousEpisode))}/fast`,
    );
    expect(gap.json()).toMatchObject({ mode: 'fast', exact: false });
  });

  it('serves a movie through the same call', async () => {
    const movie = movieById(KEY_IDS.ampersandMovie)!;
    const url = `${t.replica.pageOrigin}/movies/MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023&movieid=${movie.id}`;
    const res = await api('GET', `/api/images/episode/${encodeURIComponent(url)}`);
    expect(res.json()).toMatchObject({
      total: movie.imageIds.length,
      work_title: movie.title,
      work: { kind: 'movie', id: movie.id },
    });
  });

  it('lists id ranges without any upstream request and refuses bad ranges', async () => {
    const ok = await api('GET', '/api/images/range/4275000/4275009?kind=movie');
    expect(ok.json().images).toHaveLength(10);
    expect(ok.json().images[0]).toMatchObject({ id: 4275000, kind: 'movie' });
    for (const bad of [
      '/api/images/range/10/5',
      '/api/images/range/1/5001',
      '/api/images/range/a/5',
      '/api/images/range/1/5?kind=music',
      '/api/images/range/-1/5',
    ]) {
      const res = await api('GET', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(t.upstreamRequests()).toBe(0);
  });
});

describe(`image bytes (${databaseKind})`, () => {
  const imageId = () => episodeById(KEY_IDS.bigEpisode)!.imageIds[3]!;

  it('serves the right picture, fetched once, then from disk with immutable caching', async () => {
    const id = imageId();
    const res = await api('GET', `/api/images/${id}.jpg?kind=anime&size=large`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.equals(await renderImage('anime', id, 'large'))).toBe(true);
    expect(t.upstreamRequests()).toBe(1);

    const again = await api('GET', `/api/images/${id}.jpg?kind=anime&size=large`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const notModified = await t.app.inject({
      method: 'GET',
      url: `/api/images/${id}.jpg?kind=anime&size=large`,
      headers: { ...t.headers, 'if-none-match': String(res.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(t.upstreamRequests()).toBe(1);
  });

  it('accepts the session cookie for image bytes only', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'browser@example.com', password: 'UserPass123' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/images/${imageId()}.jpg?kind=anime&size=thumb`,
      headers: { cookie },
    });
    expect(image.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/images/cdn-status',
      headers: { cookie },
    });
    expect(other.statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/images/${imageId()}.jpg?kind=anime&size=thumb`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('falls back to the compressed host when the original host fails', async () => {
    const id = imageId() + 1;
    t.replica.setFault('cdni', { type: 'error', status: 503 });
    const res = await api('GET', `/api/images/${id}.jpg?kind=anime&size=large`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-image-size']).toBe('small');
    expect(res.rawPayload.equals(await renderImage('anime', id, 'small'))).toBe(true);
  });

  it('serves large from the compressed host with the small-CDN preference', async () => {
    const off = await api('POST', '/api/images/cdn-switch?use_small_cdn=false');
    expect(off.json()).toMatchObject({ current_cdn: 'large', use_small_cdn_only: false });
    const range = await api(
      'GET',
      `/api/images/range/${imageId() + 5}/${imageId() + 5}?kind=anime`,
    );
    expect(range.json().images[0].large_url).not.toContain('cdn=small');

    const on = await api('POST', '/api/images/cdn-switch?use_small_cdn=true');
    expect(on.json()).toMatchObject({
      current_cdn: 'small',
      use_small_cdn_only: true,
      status: 'ok',
    });
    const listed = (
      await api('GET', `/api/images/range/${imageId() + 5}/${imageId() + 5}?kind=anime`)
    ).json().images[0];
    expect(listed.large_url).toContain('cdn=small');
    t.replica.resetCounts();
    const res = await api('GET', listed.large_url);
    expect(res.rawPayload.equals(await renderImage('anime', imageId() + 5, 'small'))).toBe(true);
    expect(t.replica.counts().hosts.ancdn).toBe(1);
    expect(t.replica.counts().hosts.cdni).toBe(0);
    // 原图 chosen on purpose is the original whatever the preference.
    const original = await api('GET', listed.original_url);
    expect(original.rawPayload.equals(await renderImage('anime', imageId() + 5, 'large'))).toBe(
      true,
    );
    expect(t.replica.counts().hosts.cdni).toBe(1);
  });

  it('answers 404 for an image the source does not have', async () => {
    const res = await api('GET', '/api/images/999999999.jpg?kind=tv&size=thumb');
    expect(res.statusCode).toBe(404);
  });

  it.each([
    '/api/images/12ab.jpg',
    '/api/images/0.jpg',
    '/api/images/1234567890123.jpg',
    '/api/images/5.jpg?size=huge',
    '/api/images/5.jpg?kind=../etc',
  ])('refuses %s without an upstream request', async (url) => {
    const res = await api('GET', url);
    expect(res.statusCode).toBe(400);
    expect(t.upstreamRequests()).toBe(0);
  });

  it('counts cached images publicly and deletes an episode\u2019s files', async () => {
    const stats = await t.app.inject({ method: 'GET', url: '/api/images/cache-stats' });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().total_images).toBeGreaterThan(0);
    expect(stats.json().size_human).toMatch(/\d (B|KB|MB)/);
    const files = `/api/images/cache/files?episode_id=${encodeURIComponent(episodeUrl('anime', KEY_IDS.bigEpisode))}`;
    // What would go is said first (the page's confirmation), and is exactly what goes.
    const before = (await api('GET', files)).json();
    expect(before.files).toBeGreaterThan(0);
    expect(before.size_bytes).toBeGreaterThan(0);
    expect(before.size_human).toMatch(/\d (B|KB|MB)/);
    // The files are shared: a user may not delete them, the admin may.
    const refused = await api('DELETE', files);
    expect(refused.statusCode).toBe(403);
    expect((await api('GET', files)).json()).toEqual(before);
    const admin = { authorization: `Bearer ${await t.login()}` };
    const removed = await api('DELETE', files, undefined, admin);
    expect(removed.json().deleted_files).toBe(before.files);
    expect((await api('GET', files)).json()).toEqual({
      files: 0,
      size_bytes: 0,
      size_human: '0 B',
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/images/cache-stats' })).json();
    expect(after.total_images).toBeLessThan(stats.json().total_images);
    const everything = await api('DELETE', '/api/images/cache/files?clear_all=true');
    expect(everything.statusCode).toBe(403);
  });
});

describe(`history recording (${databaseKind})`, () => {
  it('records an opened episode and its viewed images for the signed-in user only', async () => {
    const id = KEY_IDS.bigEpisode;
    const episode = encodeURIComponent(episodeUrl('anime', id));
    const access = await api(
      'POST',
      `/api/images/record-episode-access?search_term=starlight&show_title=Starlight&episode_title=Episode%202&episode_id=${episode}`,
    );
    expect(access.statusCode).toBe(204);
    const view = await api('POST', '/api/images/record-view', {
      search_term: 'starlight',
      show_title: 'Starlight',
      episode_title: 'Episode 2',
      episode_id: episodeUrl('anime', id),
      image_ids: [1, 2, 3],
    });
    expect(view.statusCode).toBe(204);
    const rows = await t.services.db.kysely.selectFrom('history').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      episode_id: id,
      search_term: 'starlight',
      view_count: 2,
      image_count: 3,
      source: 'search',
      work_id: BIG_EPISODE_SHOW,
    });
  });

  it('records a fast-mode visit without storing its estimated count as exact', async () => {
    // An episode no other test opened: nothing stored about it.
    const id = 987_654;
    const record = (body: object) =>
      api('POST', '/api/images/record-view', { episode_id: episodeUrl('anime', id), ...body });
    await record({ image_ids: [1, 2, 3] });
    expect(
      (await record({ image_ids: [1, 2, 3, 4, 5, 6], image_count: 'estimate' })).statusCode,
    ).toBe(204);
    const row = await t.services.db.kysely
      .selectFrom('history')
      .selectAll()
      .where('episode_id', '=', id)
      .executeTakeFirst();
    expect(row).toMatchObject({ view_count: 2, image_count: 3 });
    expect((await record({ image_count: true })).statusCode).toBe(400);
  });
});
