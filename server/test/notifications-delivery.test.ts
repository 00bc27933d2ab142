import { describe, expect, it } from 'vitest';
import { createNotifications } from '../src/notifications';
import { ChannelStore } from '../src/notifications/store';
import { CapturingMailer, databaseKind } from './helpers';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { notifyAppPerFile, type NotifyApp } from './support/notifications';

let f: NotifyApp['f'];
let sink: NotifyApp['sink'];
let n: NotifyApp['n'];
notifyAppPerFile((app) => ({ f, sink, n } = app));

const MINUTE = 60_000;
const download = async (headers: { authorization: string }, url: string) => {
  const created = await createTask(f.t, { image_urls: [url], filename_prefix: 'notify' }, headers);
  return waitForEnd(f.t, created.json().download_id, headers);
};
const lastOf = async (headers: { authorization: string }, id: number) =>
  (await n.list(headers)).channels.find((c) => c.id === id)!;

describe(`notification delivery (${databaseKind})`, () => {
  it('tells the owner a download finished or failed; retries a failing webhook after 1, 5 and 30 minutes, then gives up', async () => {
    const alice = await f.t.userHeaders('deliver-alice@example.com');
    const events = ['download_finished', 'download_failed'];
    const retry = await n.webhook(alice, 'json', `${sink.origin}/retry`, events);
    const dead = await n.webhook(alice, 'json', `${sink.origin}/dead`, events);
    sink.answer('/retry', 500);
    sink.answer('/dead', 500, 500, 500, 500);
    const bob = await f.t.userHeaders('deliver-bob@example.com');
    await n.webhook(bob, 'json', `${sink.origin}/bob`);

    const done = await download(alice, ownUrl(ids[0]!, 'thumb'));
    expect(done.status).toBe('completed');
    await n.drainUntil(() => sink.at('/retry').length, 1);
    expect(JSON.parse(sink.at('/retry')[0]!.body)).toMatchObject({
      event: 'download_finished',
      title: expect.stringContaining('下载完成'),
      task: { id: done.download_id, status: 'completed', done_count: 1 },
    });
    expect(await lastOf(alice, retry.id)).toMatchObject({
      last_delivery: { ok: false, status: 500 },
      pending: 1,
    });
    // Not before its time.
    await n.drain();
    expect(sink.at('/retry')).toHaveLength(1);
    f.advance(MINUTE);
    await n.drain();
    expect(sink.at('/retry')).toHaveLength(2);
    expect(await lastOf(alice, retry.id)).toMatchObject({
      last_delivery: { ok: true, status: 204 },
      pending: 0,
    });
    for (const wait of [5 * MINUTE, 30 * MINUTE, 24 * 60 * MINUTE]) {
      f.advance(wait);
      await n.drain();
    }
    expect(sink.at('/dead')).toHaveLength(4);
    expect(await lastOf(alice, dead.id)).toMatchObject({
      last_delivery: { ok: false, status: 500, error: 'HTTP 500' },
      pending: 0,
    });

    const failed = await download(alice, ownUrl(999_999_998, 'thumb', 'tv'));
    expect(failed.status).toBe('failed');
    await n.drainUntil(() => sink.at('/retry').length, 3);
    expect(JSON.parse(sink.at('/retry')[2]!.body)).toMatchObject({
      event: 'download_failed',
      title: expect.stringContaining('下载失败'),
      task: {
        id: failed.download_id,
        status: 'failed',
        reason: expect.stringMatching(/没有成功获取任何图片/),
      },
    });
    // Bob's downloads are his: he heard of none of Alice's.
    expect(sink.at('/bob')).toEqual([]);
  });

  it('a webhook that never answers delays no one else', async () => {
    const slow = await f.t.userHeaders('slow-carol@example.com');
    const fast = await f.t.userHeaders('fast-dave@example.com');
    sink.hang('/slow');
    await n.webhook(slow, 'json', `${sink.origin}/slow`);
    await n.webhook(fast, 'json', `${sink.origin}/fast`);
    await download(slow, ownUrl(ids[1]!, 'thumb'));
    await expect.poll(() => sink.at('/slow').length).toBe(1);
    await download(fast, ownUrl(ids[2]!, 'thumb'));
    // Carol's delivery still hangs while Dave's arrives.
    await expect.poll(() => sink.at('/fast').length).toBe(1);
    expect((await n.list(slow)).channels[0]).toMatchObject({ last_delivery: null, pending: 1 });
    sink.release();
  });

  it('tells of a task’s pause once, however often it pauses again', async () => {
    const erin = await f.t.userHeaders('pause-erin@example.com');
    await n.webhook(erin, 'ntfy', `${sink.origin}/paused`, ['download_paused']);
    const task = await download(erin, ownUrl(ids[3]!, 'thumb'));
    // The runner reports a pause after each attempt the source refuses: the same task, twice.
    for (let i = 0; i < 2; i++) {
      await f.t.services.notifications.service.download('download_paused', task.download_id);
      await n.drain();
    }
    const [told] = sink.at('/paused');
    expect(sink.at('/paused')).toHaveLength(1);
    expect(told!.headers.tags).toBe('pause_button');
    expect(told!.body).toBe('源站暂时不可用，稍后自动继续');
  });

  it('two processes draining one outbox send each event once', async () => {
    const db = f.t.services.db.kysely;
    const store = new ChannelStore(db);
    const second = createNotifications({
      ...{ db, config: f.t.services.config, mailer: new CapturingMailer() },
      ...{ builders: f.t.services.builders, logger: f.t.services.logger, now: () => f.clock.now },
      wakeups: f.t.services.wakeups,
    });
    const users: number[] = [];
    for (let i = 0; i < 4; i++) {
      const headers = await f.t.userHeaders(`twice-${i}@example.com`);
      await n.webhook(headers, 'json', `${sink.origin}/twice/${i}/a`);
      await n.webhook(headers, 'json', `${sink.origin}/twice/${i}/b`);
      users.push((await f.t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().id);
    }
    const at = new Date(f.clock.now).toISOString();
    for (const userId of users) {
      for (const key of ['one', 'two', 'three']) {
        const payload = {
          event: 'download_finished' as const,
          occurred_at: at,
          title: key,
          text: key,
          link: '/',
        };
        await store.enqueue(userId, 'download_finished', { key, payload }, at);
      }
    }
    await Promise.all([n.drain(), second.worker.drain()]);
    await second.worker.stop();
    for (let i = 0; i < 4; i++) {
      for (const end of ['a', 'b']) {
        const titles = sink.at(`/twice/${i}/${end}`).map((r) => JSON.parse(r.body).title);
        expect(titles.sort(), `${i}/${end}`).toEqual(['one', 'three', 'two']);
      }
    }
  });
});
