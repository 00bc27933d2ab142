import { addEpisode, KEY_IDS } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { HOUR, startFollowsApp } from './support/follows';

let f: Awaited<ReturnType<typeof startFollowsApp>>;
beforeAll(async () => {
  f = await startFollowsApp();
});
afterAll(async () => {
  await f.t.close();
});

type Headers = { authorization: string };
const address = async (method: 'GET' | 'POST', headers: Headers) => {
  const res = await f.t.app.inject({ method, url: '/api/auth/feed', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string | null }>().url;
};
/** The feed as a reader fetches it: no session, no header. */
const read = (url: string) => f.t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe(`the personal Atom feed (${databaseKind})`, () => {
  it("holds the follower's new episodes, needs no session, and shows nobody else's", async () => {
    expect(await address('GET', f.alice)).toBeNull();
    const url = (await address('POST', f.alice))!;
    expect(url).toMatch(/^http:\/\/capshelf\.test:8000\/feeds\/[\w-]+\.atom$/);
    expect(await address('GET', f.alice)).toBe(url);
    const bobs = (await address('POST', f.bob))!;

    await f.follow(f.alice, f.showUrl(KEY_IDS.tvSeason1, 'tv'));
    const empty = await read(url);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toMatch(/^application\/atom\+xml/);
    expect(empty.body).not.toContain('<entry>');

    const added = addEpisode(KEY_IDS.tvSeason1)!;
    f.advance(HOUR + 1);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    const feed = (await read(url)).body;
    expect(feed.match(/<entry>/g)).toHaveLength(1);
    expect(feed).toContain(`Lighthouse Keepers Season 1 — ${added.label}`);
    expect(feed).toContain(`<id>tag:capshelf,2026:tv/${added.id}</id>`);
    expect(feed).toMatch(/<link rel="alternate" href="http:\/\/capshelf\.test:8000\/images\//);
    // Bob follows nothing: his feed is empty.
    expect((await read(bobs)).body).not.toContain('<entry>');
  });

  it("is written in its owner's language, and its entries open the episodes", async () => {
    const ann = await f.t.userHeaders('feed-ann@example.com');
    const chosen = await f.t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: ann,
      payload: { locale: 'en' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const url = (await address('POST', ann))!;
    await f.follow(ann, f.showUrl(KEY_IDS.tvSeason1, 'tv'));
    const added = addEpisode(KEY_IDS.tvSeason1)!;
    f.advance(HOUR * 2);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    const feed = (await read(url)).body;
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">');
    expect(feed).toContain('<title>capshelf: new episodes</title>');
    expect(feed).toContain(
      `<summary>New episode: Lighthouse Keepers Season 1 ${added.label}</summary>`,
    );
    expect(feed).not.toMatch(/[\u4e00-\u9fff]/);
    const link = /<entry>[\s\S]*?<link rel="alternate" href="([^"]+)"/.exec(feed)![1]!;
    // A short address: the kind and id only, no source host and no query.
    const opened = new URL(link);
    expect(opened.pathname).toBe(`/images/tv/${added.id}`);
    expect(opened.search).toBe('');
    // Alice kept the default: hers is Chinese.
    const alices = (await read((await address('GET', f.alice))!)).body;
    expect(alices).toContain('<title>capshelf 新剧集</title>');
    expect(alices).toContain(
      `<summary>新剧集：Lighthouse Keepers Season 1 ${added.label}</summary>`,
    );
  });

  it('a new address voids the old one; turned off, there is none', async () => {
    const old = (await address('GET', f.alice))!;
    const fresh = (await address('POST', f.alice))!;
    expect(fresh).not.toBe(old);
    expect((await read(old)).statusCode).toBe(404);
    expect((await read(fresh)).statusCode).toBe(200);
    const off = await f.t.app.inject({ method: 'DELETE', url: '/api/auth/feed', headers: f.alice });
    expect(off.statusCode).toBe(204);
    expect(await address('GET', f.alice)).toBeNull();
    expect((await read(fresh)).statusCode).toBe(404);
    for (const path of ['/feeds/x.atom', '/feeds/garbage', `/feeds/${old.slice(-30)}`]) {
      expect((await f.t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
    const long = await f.t.app.inject({ method: 'GET', url: `/feeds/${'a'.repeat(300)}.atom` });
    expect(long.statusCode).toBe(400);
  });
});
