// A disabled account stops acting in the background (no feed, no notice, no job made in its
// name), and a token without the download scope cannot turn a follow into 自动下载.
import { addEpisode, KEY_IDS } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { HOUR } from './support/follows';
import { notifyAppPerFile, type NotifyApp } from './support/notifications';

let app: NotifyApp;
notifyAppPerFile((started) => (app = started));

describe(`a disabled account in the background (${databaseKind})`, () => {
  it('gets no feed, no webhook and no job made in its name; enabled again, it follows as before', async () => {
    const { f, n, sink } = app;
    const carol = await f.t.userHeaders('disabled-carol@example.com');
    const carolId = Number(
      (await f.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: carol })).json().id,
    );
    const url = f.showUrl(KEY_IDS.tvSeason1, 'tv');
    await f.follow(carol, url, 'download');
    await f.follow(f.alice, url);
    await n.webhook(carol, 'json', `${sink.origin}/carol`);
    await n.webhook(f.alice, 'json', `${sink.origin}/alice`);
    const feed = await f.t.app.inject({ method: 'POST', url: '/api/auth/feed', headers: carol });
    const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
    expect((await f.t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);

    const admin = { authorization: `Bearer ${await f.t.login()}` };
    const setStatus = (status: string) =>
      f.t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${carolId}`,
        headers: admin,
        payload: { status },
      });
    expect((await setStatus('disabled')).statusCode).toBe(200);

    addEpisode(KEY_IDS.tvSeason1);
    f.advance(HOUR + 1);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    await n.drainUntil(() => sink.at('/alice').length, 1);
    await n.drain();
    // Alice, who follows too, is told; Carol gets nothing, and nothing is made in her name.
    expect(sink.at('/carol')).toEqual([]);
    const db = f.t.services.db.kysely;
    const carolTasks = await db
      .selectFrom('downloads')
      .select('id')
      .where('user_id', '=', carolId)
      .execute();
    expect(carolTasks).toEqual([]);
    const queued = await db
      .selectFrom('notification_outbox')
      .select('id')
      .where('user_id', '=', carolId)
      .execute();
    expect(queued).toEqual([]);
    expect((await f.t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);

    // Enabled again, the feed answers and the next new episode is hers too.
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await f.t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    addEpisode(KEY_IDS.tvSeason1);
    f.advance(HOUR + 1);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    await n.drainUntil(() => sink.at('/carol').length, 1);
  });
});

describe(`a token and 自动下载 (${databaseKind})`, () => {
  it('needs the download scope to follow with 自动下载 or to switch a follow to it', async () => {
    const { f } = app;
    const dave = await f.t.userHeaders('scope-dave@example.com');
    const tokenOf = async (scopes: string[]) => {
      const res = await f.t.app.inject({
        method: 'POST',
        url: '/api/auth/tokens',
        headers: dave,
        payload: { current_password: 'UserPass123', name: scopes.join('+'), scopes },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
    };
    const favorites = await tokenOf(['favorites']);
    const url = f.showUrl(KEY_IDS.longShow);

    const refused = await f.call('POST', '', favorites, { work_url: url, mode: 'download' });
    expect(refused.statusCode).toBe(403);
    const followed = await f.follow(favorites, url, 'cache');
    expect(
      (await f.call('PATCH', `/${followed.id}`, favorites, { mode: 'download' })).statusCode,
    ).toBe(403);
    expect((await f.list(dave)).follows[0]).toMatchObject({ mode: 'cache' });

    const both = await tokenOf(['favorites', 'download']);
    expect((await f.call('PATCH', `/${followed.id}`, both, { mode: 'download' })).statusCode).toBe(
      200,
    );
    // A session may do anything its user may.
    expect((await f.call('PATCH', `/${followed.id}`, dave, { mode: 'none' })).statusCode).toBe(200);
  });
});
