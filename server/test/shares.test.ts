// Share links (issue 38): a user shares a set of pictures; anyone with the link sees them without an
// account, through addresses signed for the share, which stop the moment the share is revoked,
// expires, loses its views or its owner is disabled. The token is kept only as a hash; a password
// is limited per address and per share before it is hashed, and cannot be used to lock the owner's
// friends out; visitors' fetches spend the owner's budget.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SHARE_IMAGES } from '@capshelf/contract';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

type Headers = { authorization: string };
interface Created {
  id: number;
  url: string;
  state: string;
  image_count: number;
}
interface Opened {
  locked: boolean;
  title?: string;
  images?: { id: number; thumb_url: string; view_url: string; original_url: string | null }[];
  zip_url?: string | null;
  links_valid_for?: number;
}

const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;
let clock = Date.now();
let t: BrowseApp;
let bob: Headers;
let admin: Headers;
// A built page of one file: `/s/<token>` is served as the app serves it.
const webRoot = mkdtempSync(path.join(os.tmpdir(), 'capshelf-share-web-'));
beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>capshelf</title>');
  t = await startBrowseApp({}, { now: () => clock, webRoot });
  bob = await t.userHeaders('share-bob@example.com');
  admin = await t.userHeaders('share-admin@example.com', 'admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const call = (
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
  remoteAddress = '203.0.113.1',
) => t.app.inject({ method, url, headers, remoteAddress, ...(payload && { payload }) });

async function share(body: object, headers: Headers = t.headers): Promise<Created> {
  const res = await call('POST', '/api/shares', headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Created>();
}
const tokenOf = (created: Created) => new URL(created.url).pathname.split('/').at(-1)!;
const open = (created: Created, grant?: string, cookie?: string) =>
  call('GET', `/api/public/shares/${tokenOf(created)}`, {
    ...(grant && { 'x-share-grant': grant }),
    ...(cookie && { cookie }),
  });
async function visit(created: Created, grant?: string): Promise<Opened> {
  const res = await open(created, grant);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Opened>();
}
const fetchUrl = (url: string) => call('GET', url);

describe(`share links (${databaseKind})`, () => {
  it('shows the images it names to anyone with the link, through its own signed addresses', async () => {
    const created = await share({
      kind: 'images',
      image_ids: ids.slice(0, 3),
      image_kind: 'anime',
    });
    expect(created).toMatchObject({ state: 'active', image_count: 3 });
    const token = tokenOf(created);
    expect(created.url).toBe(`http://capshelf.test:8000/s/${token}`);
    // 32 random bytes, and only their hash is kept.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.services.db.kysely.selectFrom('shares').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    const res = await open(created);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    const seen = res.json<Opened>();
    expect(seen.images!.map((image) => image.id)).toEqual(ids.slice(0, 3));
    const picture = await fetchUrl(seen.images![0]!.thumb_url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['referrer-policy']).toBe('no-referrer');
    expect((await fetchUrl(seen.images![1]!.original_url!)).statusCode).toBe(200);

    // Only what the share names, only with a signature of its own.
    const forged = seen.images![0]!.thumb_url.replace(String(ids[0]), String(ids[5]));
    expect((await fetchUrl(forged)).statusCode).toBe(404);
    const tampered = seen.images![0]!.thumb_url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAA');
    expect((await fetchUrl(tampered)).statusCode).toBe(404);
    // The page's own addresses keep the page's rules: no account, no session.
    const page = await call('GET', `/s/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // A link preview's HEAD answers as the page does, without its body.
    const head = await call('HEAD', `/s/${token}`);
    expect(head.statusCode).toBe(200);
    expect(head.headers['referrer-policy']).toBe('no-referrer');
    expect(head.body).toBe('');
  });

  it('keeps each owner’s shares their own; an admin sees and revokes anyone’s', async () => {
    const mine = await share({ kind: 'images', image_ids: [ids[6]!], image_kind: 'anime' });
    const bobs = await call('GET', '/api/shares', bob);
    expect(bobs.json().shares.map((s: { id: number }) => s.id)).not.toContain(mine.id);
    expect(
      (await call('PATCH', `/api/shares/${mine.id}`, bob, { allow_download: false })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/shares/${mine.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', '/api/shares?scope=all', bob)).statusCode).toBe(403);
    expect((await call('POST', '/api/shares', {}, { kind: 'favorites' })).statusCode).toBe(401);

    const everyone = await call('GET', '/api/shares?scope=all', admin);
    expect(everyone.json().shares).toContainEqual(expect.objectContaining({ id: mine.id }));
    const revoked = await call('DELETE', `/api/shares/${mine.id}`, admin);
    expect(revoked.json()).toMatchObject({ id: mine.id, state: 'revoked' });
    expect((await open(mine)).statusCode).toBe(404);
  });

  it('stops every address it handed out when revoked, expired, or its owner is disabled', async () => {
    const revoked = await share({
      kind: 'images',
      image_ids: ids.slice(7, 9),
      image_kind: 'anime',
    });
    const before = await visit(revoked);
    expect((await fetchUrl(before.images![0]!.thumb_url)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/shares/${revoked.id}`, t.headers)).statusCode).toBe(200);
    expect((await fetchUrl(before.images![0]!.thumb_url)).statusCode).toBe(404);
    expect((await fetchUrl(before.zip_url!)).statusCode).toBe(404);

    const brief = await share({
      kind: 'images',
      image_ids: [ids[9]!],
      image_kind: 'anime',
      expires_in: 600,
    });
    const handed = await visit(brief);
    clock += 601_000;
    expect((await fetchUrl(handed.images![0]!.thumb_url)).statusCode).toBe(404);
    expect((await open(brief)).statusCode).toBe(404);
    const listed = await call('GET', '/api/shares', t.headers);
    expect(listed.json().shares).toContainEqual(
      expect.objectContaining({ id: brief.id, state: 'expired' }),
    );

    const bobsShare = await share(
      { kind: 'images', image_ids: [ids[10]!], image_kind: 'anime' },
      bob,
    );
    const bobsVisit = await visit(bobsShare);
    const bobId = (await call('GET', '/api/auth/me', bob)).json<{ id: number }>().id;
    const disabled = await call('PATCH', `/api/admin/users/${bobId}`, admin, {
      status: 'disabled',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await open(bobsShare)).statusCode).toBe(404);
    expect((await fetchUrl(bobsVisit.images![0]!.thumb_url)).statusCode).toBe(404);
  });

  it('counts visits against its views, and gives 原图 and the archive only when downloads are allowed', async () => {
    const once = await share({
      kind: 'images',
      image_ids: ids.slice(11, 13),
      image_kind: 'anime',
      max_views: 1,
    });
    const visitOnce = await visit(once);
    expect((await open(once)).statusCode).toBe(404);
    // The visit that counted keeps its pictures.
    expect((await fetchUrl(visitOnce.images![0]!.thumb_url)).statusCode).toBe(200);

    const zipped = await share({
      kind: 'images',
      image_ids: ids.slice(13, 16),
      image_kind: 'anime',
    });
    const seen = await visit(zipped);
    const archive = await fetchUrl(seen.zip_url!);
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    // Three files, one local header each.
    expect(archive.rawPayload.toString('latin1').split('PK\x03\x04')).toHaveLength(4);

    const changed = await call('PATCH', `/api/shares/${zipped.id}`, t.headers, {
      allow_download: false,
    });
    expect(changed.json()).toMatchObject({ allow_download: false });
    expect((await fetchUrl(seen.images![0]!.original_url!)).statusCode).toBe(403);
    expect((await fetchUrl(seen.zip_url!)).statusCode).toBe(403);
    const after = await visit(zipped);
    expect(after.zip_url).toBeNull();
    expect(after.images!.every((image) => image.original_url === null)).toBe(true);
    expect((await fetchUrl(after.images![0]!.view_url)).statusCode).toBe(200);
  });

  it('asks for its password, limited per address and per share, without locking anyone out', async () => {
    const locked = await share({
      kind: 'images',
      image_ids: [ids[16]!],
      image_kind: 'anime',
      password: 'open sesame',
    });
    expect(await visit(locked)).toEqual({ locked: true });
    const unlock = (password: string, address: string) =>
      call('POST', `/api/public/shares/${tokenOf(locked)}/unlock`, {}, { password }, address);

    expect((await unlock('wrong', '198.51.100.1')).statusCode).toBe(403);
    for (let i = 0; i < 4; i++) await unlock('wrong', '198.51.100.1');
    // Five tries from one address: the sixth waits, even with the right password.
    const limited = await unlock('open sesame', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Strangers spend the share's 50 tries from many addresses…
    for (let n = 2; n < 55; n++) await unlock('wrong', `198.51.100.${n}`);
    // …but a friend's address that has not tried yet still gets in.
    const friend = await unlock('open sesame', '192.0.2.77');
    expect(friend.statusCode, friend.body).toBe(200);
    const { grant } = friend.json<{ grant: string }>();
    const seen = await visit(locked, grant);
    expect(seen.images).toHaveLength(1);
    expect(await visit(locked, `${grant}x`)).toEqual({ locked: true });

    // A new password ends the visits the old one let in.
    await call('PATCH', `/api/shares/${locked.id}`, t.headers, { password: 'another one' });
    expect(await visit(locked, grant)).toEqual({ locked: true });
    expect((await fetchUrl(seen.images![0]!.thumb_url)).statusCode).toBe(404);

    const audit = await call('GET', '/api/admin/audit?limit=200', admin);
    const actions = audit.json<{ entries: { action: string; target: string }[] }>().entries;
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'share.unlock', target: `share:${locked.id}` }),
    );
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['share.create', 'share.revoke', 'share.change', 'share.download']),
    );
  });

  it('refuses an empty change (400) and any change of a revoked share (409)', async () => {
    const created = await share({ kind: 'images', image_ids: [ids[22]!], image_kind: 'anime' });
    const empty = await call('PATCH', `/api/shares/${created.id}`, t.headers, {});
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    await call('DELETE', `/api/shares/${created.id}`, t.headers);
    const late = await call('PATCH', `/api/shares/${created.id}`, t.headers, {
      allow_download: false,
    });
    expect(late.statusCode, late.body).toBe(409);
  });

  it('counts password tries per address as logins do: an IPv6 /64 is one, ::ffff: is IPv4', async () => {
    const locked = await share({
      kind: 'images',
      image_ids: [ids[23]!],
      image_kind: 'anime',
      password: 'open sesame',
    });
    const unlock = (password: string, address: string) =>
      call('POST', `/api/public/shares/${tokenOf(locked)}/unlock`, {}, { password }, address);
    for (let n = 1; n <= 5; n++) await unlock('wrong', `2001:db8:1:2::${n}`);
    expect((await unlock('open sesame', '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await unlock('open sesame', '2001:db8:1:3::1')).statusCode).toBe(200);

    for (let n = 0; n < 5; n++) await unlock('wrong', '198.51.100.200');
    expect((await unlock('open sesame', '::ffff:198.51.100.200')).statusCode).toBe(429);
  });

  it('names the field it was given when an episode address is not one', async () => {
    const show = await call('POST', '/api/shares', t.headers, {
      kind: 'episode',
      episode_url: 'https://fancaps.net/anime/showimages.php?1234-Some_Show',
    });
    expect(show.statusCode).toBe(400);
    expect(show.json().detail).toMatch(/^episode_url: /);
  });

  it('names no title when given none, and refuses a share over the image limit', async () => {
    const untitled = await share({ kind: 'images', image_ids: [ids[24]!], image_kind: 'anime' });
    expect((await visit(untitled)).title).toBe('');

    const carl = await t.userHeaders('share-carl@example.com');
    const carlId = (await call('GET', '/api/auth/me', carl)).json<{ id: number }>().id;
    const rows = Array.from({ length: MAX_SHARE_IMAGES + 1 }, (_, n) => ({
      user_id: carlId,
      kind: 'anime' as const,
      image_id: 900_000_000 + n,
      work_id: null,
      episode_id: null,
      work_title: 'Work',
      episode_title: 'Episode',
      created_at: new Date().toISOString(),
    }));
    for (let at = 0; at < rows.length; at += 200) {
      await t.services.db.kysely
        .insertInto('favorite_images')
        .values(rows.slice(at, at + 200))
        .execute();
    }
    const tooMany = await call('POST', '/api/shares', carl, { kind: 'favorites' });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().detail).toBe(
      `kind: 一个分享最多 ${MAX_SHARE_IMAGES} 张图片，这里有 ${MAX_SHARE_IMAGES + 1} 张`,
    );
  });

  it('counts a visit once: a reload with its cookie counts no view and keeps its addresses', async () => {
    const twice = await share({
      kind: 'images',
      image_ids: [ids[25]!],
      image_kind: 'anime',
      max_views: 2,
      password: 'open sesame',
    });
    const { grant } = (
      await call(
        'POST',
        `/api/public/shares/${tokenOf(twice)}/unlock`,
        {},
        {
          password: 'open sesame',
        },
      )
    ).json<{ grant: string }>();
    const first = await open(twice, grant);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(String(first.headers['set-cookie'])).toMatch(
      new RegExp(`Path=/api/public/shares/${tokenOf(twice)}; .*HttpOnly`),
    );
    const firstSeen = first.json<Opened>();
    clock += 60_000;
    const reload = await open(twice, grant, cookie);
    expect(reload.statusCode, reload.body).toBe(200);
    // The same visit: the same addresses, still one view, and the page knows how long they hold.
    expect(reload.json<Opened>().images![0]!.thumb_url).toBe(firstSeen.images![0]!.thumb_url);
    expect(firstSeen.links_valid_for).toBe(3600);
    expect(reload.json<Opened>().links_valid_for).toBe(3540);
    const counted = (await call('GET', '/api/shares', t.headers))
      .json<{ shares: { id: number; views: number }[] }>()
      .shares.find((s) => s.id === twice.id);
    expect(counted?.views).toBe(1);

    await visit(twice, grant);
    // Views used up: a new visitor is told it is gone, even before the password…
    expect((await open(twice)).statusCode).toBe(404);
    const unlockAgain = await call(
      'POST',
      `/api/public/shares/${tokenOf(twice)}/unlock`,
      {},
      { password: 'open sesame' },
    );
    expect(unlockAgain.statusCode).toBe(404);
    // …while the counted visit keeps its page and its addresses until they expire.
    expect((await open(twice, grant, cookie)).statusCode).toBe(200);
    expect((await fetchUrl(firstSeen.images![0]!.thumb_url)).statusCode).toBe(200);
    expect((await fetchUrl(firstSeen.zip_url!)).statusCode).toBe(200);
    clock += 60 * 60_000;
    expect((await open(twice, grant, cookie)).statusCode).toBe(404);
    expect((await fetchUrl(firstSeen.images![0]!.thumb_url)).statusCode).toBe(404);
  });

  it('shares the favourites as they were when it was made', async () => {
    const add = (id: number) =>
      call('POST', '/api/favorites/image', t.headers, {
        image_id: id,
        kind: 'anime',
        work_title: 'Work',
        episode_title: 'Episode',
      });
    expect((await add(ids[20]!)).statusCode).toBeLessThan(300);
    const favorites = await share({ kind: 'favorites' });
    expect((await add(ids[21]!)).statusCode).toBeLessThan(300);
    expect((await visit(favorites)).images!.map((image) => image.id)).toEqual([ids[20]]);
    // Someone with no favourite has nothing to share.
    const carol = await t.userHeaders('share-carol@example.com');
    expect((await call('POST', '/api/shares', carol, { kind: 'favorites' })).statusCode).toBe(400);
  });
});

describe(`share links spend their owner's budget (${databaseKind})`, () => {
  let b: BrowseApp;
  beforeAll(async () => {
    b = await startBrowseApp({ USER_UNCACHED_IMAGES: '2', USER_UPSTREAM_WINDOW: '10m' });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('fetches what the cache lacks on the owner’s budget, never another user’s', async () => {
    const other = await b.userHeaders('budget-bystander@example.com');
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: b.headers,
      payload: { kind: 'images', image_ids: ids.slice(30, 33), image_kind: 'anime' },
    });
    const token = new URL(res.json().url).pathname.split('/').at(-1)!;
    const seen = (
      await b.app.inject({ method: 'GET', url: `/api/public/shares/${token}` })
    ).json<Opened>();
    const statuses = [];
    for (const image of seen.images!) {
      statuses.push((await b.app.inject({ method: 'GET', url: image.thumb_url })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // The owner's own views count the same budget; a bystander's is untouched.
    const owner = await b.app.inject({
      method: 'GET',
      url: `/api/images/${ids[40]}.jpg?kind=anime&size=thumb`,
      headers: b.headers,
    });
    expect(owner.statusCode).toBe(429);
    const bystander = await b.app.inject({
      method: 'GET',
      url: `/api/images/${ids[41]}.jpg?kind=anime&size=thumb`,
      headers: other,
    });
    expect(bystander.statusCode).toBe(200);
  });
});
