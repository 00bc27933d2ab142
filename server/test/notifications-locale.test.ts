import { addEpisode, KEY_IDS } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { HOUR } from './support/follows';
import { notifyAppPerFile, type NotifyApp } from './support/notifications';

let f: NotifyApp['f'];
let sink: NotifyApp['sink'];
let n: NotifyApp['n'];
notifyAppPerFile((app) => ({ f, sink, n } = app));

type Headers = { authorization: string };
const HAN = /[\u4e00-\u9fff]/;
const ORIGIN = 'http://capshelf.test:8000';

/** A new user who chose `locale` in 设置. */
async function userIn(email: string, locale: 'zh-CN' | 'en'): Promise<Headers> {
  const headers = await f.t.userHeaders(email);
  const res = await f.t.app.inject({
    method: 'PATCH',
    url: '/api/auth/me',
    headers,
    payload: { locale },
  });
  expect(res.statusCode, res.body).toBe(200);
  return headers;
}
const idOf = async (headers: Headers) =>
  (await f.t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json<{ id: number }>().id;
const bodyOf = (path: string, index = 0) =>
  JSON.parse(sink.at(path)[index]!.body) as Record<string, unknown>;

describe(`notices in the owner's language (${databaseKind})`, () => {
  it('a download_finished webhook is English for an English user, Chinese for a Chinese one, and opens the tray at the task', async () => {
    const ann = await userIn('locale-ann@example.com', 'en');
    const chen = await userIn('locale-chen@example.com', 'zh-CN');
    await n.webhook(ann, 'json', `${sink.origin}/ann`, ['download_finished']);
    await n.webhook(ann, 'discord', `${sink.origin}/ann-discord`, ['download_finished']);
    await n.webhook(chen, 'json', `${sink.origin}/chen`, ['download_finished']);
    for (const [headers, path, id] of [
      [ann, '/ann', ids[4]!],
      [chen, '/chen', ids[5]!],
    ] as const) {
      const created = await createTask(
        f.t,
        { image_urls: [ownUrl(id, 'thumb')], filename_prefix: 'locale' },
        headers,
      );
      const task = await waitForEnd(f.t, created.json().download_id, headers);
      expect(task.status).toBe('completed');
      await n.drainUntil(() => sink.at(path).length, 1);
    }
    const english = bodyOf('/ann');
    expect(english).toMatchObject({
      event: 'download_finished',
      title: expect.stringMatching(/^Download finished: /),
      text: 'Packed 1 image',
      link: expect.stringMatching(new RegExp(`^${ORIGIN}/\\?task=[\\w-]+$`)),
    });
    expect(english.link).toBe(`${ORIGIN}/?task=${(english.task as { id: string }).id}`);
    expect(`${String(english.title)}${String(english.text)}`).not.toMatch(HAN);
    await n.drainUntil(() => sink.at('/ann-discord').length, 1);
    const discord = bodyOf('/ann-discord') as { embeds: { title: string; url: string }[] };
    expect(discord.embeds[0]).toMatchObject({ title: english.title, url: english.link });

    const chinese = bodyOf('/chen');
    expect(chinese).toMatchObject({
      title: expect.stringMatching(/^下载完成：/),
      text: '已打包 1 张图片',
    });
    expect(chinese.link).toBe(`${ORIGIN}/?task=${(chinese.task as { id: string }).id}`);
  });

  it('发送测试 speaks the owner’s language', async () => {
    const ann = await userIn('locale-test-ann@example.com', 'en');
    const hook = await n.webhook(ann, 'ntfy', `${sink.origin}/ann-test`);
    const res = await n.call('POST', `/${hook.id}/test`, ann);
    expect(res.statusCode, res.body).toBe(200);
    const [sent] = sink.at('/ann-test');
    expect(sent!.headers.title).toBe('capshelf test notification');
    expect(sent!.body).toMatch(/^This is a test notification/);
  });

  it('new episodes: each follower in their language; one episode links to it, two to the work', async () => {
    const ann = await userIn('locale-follow-ann@example.com', 'en');
    const chen = await userIn('locale-follow-chen@example.com', 'zh-CN');
    const show = KEY_IDS.tvSeason2;
    await f.follow(ann, f.showUrl(show, 'tv'));
    await f.follow(chen, f.showUrl(show, 'tv'));
    await n.webhook(ann, 'json', `${sink.origin}/ann-episodes`, ['new_episodes']);
    await n.webhook(chen, 'json', `${sink.origin}/chen-episodes`, ['new_episodes']);

    const one = addEpisode(show, 2)!;
    f.advance(HOUR * 48);
    expect(await f.t.services.followChecker.checkDue()).toBeGreaterThan(0);
    await n.drain();
    const english = bodyOf('/ann-episodes');
    expect(english).toMatchObject({
      title: expect.stringMatching(/^New episode: /),
      text: expect.stringContaining(`has 1 new episode: ${one.label}`),
      // Short, stable addresses: the kind and id, no source host, no query.
      link: `${ORIGIN}/images/tv/${one.id}`,
      episodes: [{ id: one.id, link: `${ORIGIN}/images/tv/${one.id}` }],
    });
    expect(english.link).toBe((english.episodes as { link: string }[])[0]!.link);
    expect(`${String(english.title)}${String(english.text)}`).not.toContain('新剧集');
    expect(bodyOf('/chen-episodes')).toMatchObject({
      title: expect.stringMatching(/^新剧集：/),
      text: expect.stringContaining('有 1 集新剧集'),
      link: english.link,
    });

    addEpisode(show, 2);
    addEpisode(show, 2);
    f.advance(HOUR * 48);
    expect(await f.t.services.followChecker.checkDue()).toBeGreaterThan(0);
    await n.drain();
    const two = bodyOf('/ann-episodes', 1);
    expect(two).toMatchObject({
      title: expect.stringMatching(/^New episodes: /),
      text: expect.stringContaining('has 2 new episodes: '),
      link: `${ORIGIN}/episodes/tv/${show}`,
    });
    expect(two.link).toBe((two.work as { link: string }).link);
  });

  it('the quota notice is told once a day, in the owner’s language, and opens the tray', async () => {
    const ann = await userIn('locale-quota-ann@example.com', 'en');
    const chen = await userIn('locale-quota-chen@example.com', 'zh-CN');
    await n.webhook(ann, 'ntfy', `${sink.origin}/ann-quota`, ['download_quota']);
    await n.webhook(ann, 'json', `${sink.origin}/ann-no-quota`, ['download_finished']);
    await n.webhook(chen, 'json', `${sink.origin}/chen-quota`);
    const service = f.t.services.notifications.service;
    const figures = { keptBytes: 18.2 * 1024 ** 3, quotaBytes: 20 * 1024 ** 3, waiting: 2 };
    for (let i = 0; i < 3; i++) await service.queueQuotaNotice(await idOf(ann), figures);
    await service.queueQuotaNotice(await idOf(chen), { ...figures, waiting: 0 });
    await n.drain();
    expect(sink.at('/ann-quota')).toHaveLength(1);
    const [ntfy] = sink.at('/ann-quota');
    expect(ntfy!.headers.click).toBe(`${ORIGIN}/?tray=1`);
    expect(ntfy!.headers.tags).toBe('floppy_disk');
    expect(ntfy!.body).toContain('over your quota: 18.2 GB / 20 GB');
    expect(ntfy!.body).toContain('(2 waiting now)');
    expect(ntfy!.body).not.toMatch(HAN);
    expect(sink.at('/ann-no-quota')).toEqual([]);
    expect(bodyOf('/chen-quota')).toMatchObject({
      event: 'download_quota',
      text: '已保存的压缩包超过配额：18.2 GB / 20 GB，新的自动下载任务将等待，请下载或删除已保存的压缩包',
      link: `${ORIGIN}/?tray=1`,
      quota: { kept_bytes: figures.keptBytes, quota_bytes: figures.quotaBytes, waiting: 0 },
    });
    // The next day it may be told again.
    f.advance(24 * HOUR);
    await service.queueQuotaNotice(await idOf(ann), figures);
    await n.drain();
    expect(sink.at('/ann-quota')).toHaveLength(2);
  });
});
