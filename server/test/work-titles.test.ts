// Chinese names beside the source's titles (issue 37, point 2): a work becomes an entry of the
// local title table when a user opens it from a Chinese search (checked against that search) or
// when its title and year name one entry; the match is the server's, shown to every user on
// search results, the episode list, the libraries and favourites, and searchable in the
// libraries' filters; an admin corrects or removes it (audited), and nothing else overrides that.
import { KEY_IDS, showById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

type Headers = { authorization: string };
interface Result {
  kind: string;
  id: number;
  title: string;
  chinese_name?: string | null;
  title_ref?: string | null;
}
interface ChineseTitle {
  chinese_name: string;
  ref: string;
  matched_by: string;
}

let t: BrowseApp;
let other: Headers;
let admin: Headers;
beforeAll(async () => {
  t = await startBrowseApp();
  other = await t.userHeaders('other-reader@example.com');
  admin = await t.userHeaders('title-admin@example.com', 'admin');
});
afterAll(async () => {
  await t?.close();
});

const BARAKAMON = showById(KEY_IDS.romajiShow)!;
const barakamon = { kind: 'anime', id: KEY_IDS.romajiShow };
const showUrl = (id: number) => `${t.replica.pageOrigin}/showimages.php?${id}`;

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) {
  return t.app.inject({ method, url, headers, ...(payload && { payload }) });
}
async function search(query: string, headers: Headers = t.headers): Promise<Result[]> {
  const res = await call('POST', '/api/search', headers, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: Result[] }>().results;
}
async function episodesTitle(id: number, headers: Headers): Promise<ChineseTitle | null> {
  const res = await call('POST', '/api/episodes', headers, { show_url: showUrl(id) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ chinese_title?: ChineseTitle | null }>().chinese_title ?? null;
}
async function refOf(chineseName: string): Promise<string> {
  const res = await call(
    'GET',
    `/api/search/titles?q=${encodeURIComponent(chineseName)}`,
    t.headers,
  );
  return res.json<{ suggestions: { ref: string }[] }>().suggestions[0]!.ref;
}
const opened = (work: object, ref: string, headers: Headers = t.headers) =>
  call('POST', '/api/work-titles/opened', headers, { ...work, ref });

describe(`works' Chinese names (${databaseKind})`, () => {
  it('makes the name a work was found by its own once a user opens it, for every user', async () => {
    const [found] = await search('元气囝仔');
    expect(found).toMatchObject({ id: KEY_IDS.romajiShow, chinese_name: '元气囝仔' });
    expect(found!.title_ref).toEqual(expect.any(String));
    // Nobody has opened it: another user's English search shows the source's title alone.
    expect((await search('barakamon', other))[0]!.chinese_name).toBeNull();

    const res = await opened(barakamon, found!.title_ref!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chinese_title).toMatchObject({
      chinese_name: '元气囝仔',
      matched_by: 'search',
    });

    expect(await episodesTitle(KEY_IDS.romajiShow, other)).toMatchObject({
      chinese_name: '元气囝仔',
      original_title: 'ばらかもん',
    });
    expect((await search('barakamon', other))[0]!.chinese_name).toBe('元气囝仔');
  });

  it('refuses a name the server never found the work by, and keeps nothing', async () => {
    const titan = await refOf('进击的巨人');
    const claim = await opened({ kind: 'anime', id: KEY_IDS.spacedRomajiShow }, titan);
    expect(claim.statusCode).toBe(409);
    expect(claim.json().code).toBe('CONFLICT');
    expect(await episodesTitle(KEY_IDS.spacedRomajiShow, t.headers)).toBeNull();

    const unknown = await opened(barakamon, 'no-such-entry');
    expect(unknown.statusCode).toBe(404);
    const bad = await call('POST', '/api/work-titles/opened', t.headers, {
      work: { kind: 'x', id: 1 },
      ref: 'a',
    });
    expect(bad.statusCode).toBe(400);
    // The refused claims changed nothing.
    expect((await episodesTitle(KEY_IDS.romajiShow, t.headers))!.chinese_name).toBe('元气囝仔');
  });

  it('names a work found through a sibling season by the sibling, not by the season asked for', async () => {
    const frieren = { kind: 'anime', id: KEY_IDS.siblingSeasonShow };
    const [found] = await search('葬送的芙莉莲 第二季');
    expect(found).toMatchObject({ id: KEY_IDS.siblingSeasonShow });
    const res = await opened(frieren, found!.title_ref!);
    expect(res.statusCode, res.body).toBe(200);
    // The source's work is the first season, whose English title found it.
    expect(res.json().chinese_title).toMatchObject({ chinese_name: '葬送的芙莉莲' });
    expect(res.json().chinese_title.ref).not.toBe(found!.title_ref);
    expect(await episodesTitle(KEY_IDS.siblingSeasonShow, other)).toMatchObject({
      chinese_name: '葬送的芙莉莲',
      original_title: '葬送のフリーレン',
    });
  });

  it('names a work whose title and year name one entry, with nobody opening it', async () => {
    // The table is loaded by the Chinese searches above; "A Silent Voice (2016)" is 声之形 (2016).
    const [film] = await search('a silent voice', other);
    expect(film).toMatchObject({ id: KEY_IDS.englishTitleMovie, chinese_name: '声之形' });
    // The film's own page (its images) says it too, for the admin to correct there.
    const movieUrl = `${t.replica.pageOrigin}/movies/MovieImages.php?movieid=${KEY_IDS.englishTitleMovie}`;
    const listing = await call('GET', `/api/images/episode/${encodeURIComponent(movieUrl)}`, other);
    expect(listing.statusCode, listing.body).toBe(200);
    expect(listing.json().chinese_title).toMatchObject({ chinese_name: '声之形', year: 2016 });
  });

  it('shows the name in the history and the categorized library, and filters them by either name', async () => {
    const episode = BARAKAMON.episodes[0]!;
    const episodeUrl = `${t.replica.pageOrigin}/episodeimages.php?${episode.id}`;
    const listing = await call(
      'GET',
      `/api/images/episode/${encodeURIComponent(episodeUrl)}`,
      other,
    );
    expect(listing.statusCode, listing.body).toBe(200);
    const image = await call(
      'GET',
      `/api/images/${episode.imageIds[0]}.jpg?kind=anime&size=thumb`,
      other,
    );
    expect(image.statusCode).toBe(200);
    const visit = new URLSearchParams({ episode_id: episodeUrl });
    const record = await call('POST', `/api/images/record-episode-access?${visit}`, other);
    expect(record.statusCode).toBe(204);

    const history = await call('GET', '/api/images/search-based-library', other);
    expect(history.json().categories).toContainEqual(
      expect.objectContaining({ show_name: 'Barakamon', chinese_name: '元气囝仔' }),
    );

    const categorized = async (q: string) => {
      const res = await call(
        'GET',
        `/api/images/local-library-categorized?q=${encodeURIComponent(q)}`,
        other,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ categories: { category: string; chinese_name?: string | null }[] }>();
    };
    const key = `anime:${KEY_IDS.romajiShow}`;
    // The Chinese name simplified and traditional, spaced or not, and the source's title.
    for (const q of ['元气', '元氣囝仔', '元 气 囝 仔', 'BARAKA']) {
      const answer = await categorized(q);
      expect(
        answer.categories.map((c) => c.category),
        q,
      ).toEqual([key]);
      expect(answer.categories[0]!.chinese_name).toBe('元气囝仔');
    }
    expect((await categorized('声之形')).categories).toEqual([]);
    // A filter with LIKE's wildcards matches them literally, not everything.
    expect((await categorized('%')).categories).toEqual([]);
  });

  it('shows the name on a favourite work of any user', async () => {
    const url = `${t.replica.pageOrigin}/anime/showimages.php?${KEY_IDS.romajiShow}-Barakamon`;
    const added = await call('POST', '/api/favorites/work', other, {
      title: 'Barakamon',
      work_type: 'Anime',
      original_url: url,
    });
    expect(added.statusCode, added.body).toBe(201);
    const list = await call('GET', '/api/favorites', other);
    expect(list.json().data.works).toEqual([
      expect.objectContaining({ title: 'Barakamon', chinese_name: '元气囝仔' }),
    ]);
  });

  it('lets an admin correct or remove a match, audited, which nothing else overrides', async () => {
    const titan = await refOf('进击的巨人');
    const path = `/api/admin/work-titles/anime/${KEY_IDS.romajiShow}`;
    expect((await call('PUT', path, t.headers, { ref: titan })).statusCode).toBe(403);
    expect((await call('DELETE', path, other)).statusCode).toBe(403);

    const corrected = await call('PUT', path, admin, { ref: titan });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().chinese_title).toMatchObject({
      chinese_name: '进击的巨人',
      matched_by: 'admin',
    });
    // A user opening it again from its Chinese search does not undo the admin's choice.
    const [found] = await search('元气囝仔');
    expect((await opened(barakamon, found!.title_ref!)).json().chinese_title.chinese_name).toBe(
      '进击的巨人',
    );

    const removed = await call('DELETE', path, admin);
    expect(removed.json()).toEqual({ chinese_title: null });
    expect(await episodesTitle(KEY_IDS.romajiShow, other)).toBeNull();
    expect((await search('barakamon', other))[0]!.chinese_name).toBeNull();
    await opened(barakamon, found!.title_ref!);
    expect(await episodesTitle(KEY_IDS.romajiShow, other)).toBeNull();

    const audit = await call('GET', '/api/admin/audit', admin);
    const entries = audit.json<{ entries: { action: string; target: string; detail: object }[] }>()
      .entries;
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'title.remove',
        target: `anime:${KEY_IDS.romajiShow}`,
        detail: { before: '进击的巨人', after: null },
      }),
      expect.objectContaining({
        action: 'title.correct',
        detail: { before: '元气囝仔', after: '进击的巨人' },
      }),
    ]);
  });
});
