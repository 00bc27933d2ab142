import { addEpisode, KEY_IDS } from '@capshelf/replica';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { HOUR } from './support/follows';
import { notifyAppPerFile, type NotifyApp } from './support/notifications';

let f: NotifyApp['f'];
let sink: NotifyApp['sink'];
let n: NotifyApp['n'];
notifyAppPerFile((app) => ({ f, sink, n } = app));

describe(`new-episode notifications (${databaseKind})`, () => {
  it('a new episode of a followed work reaches each of the follower’s webhooks once, in its format', async () => {
    const show = KEY_IDS.tvSeason1;
    const url = f.showUrl(show, 'tv');
    await f.follow(f.alice, url);
    await f.follow(f.bob, url);
    await n.webhook(f.alice, 'json', `${sink.origin}/alice/json`);
    await n.webhook(f.alice, 'ntfy', `${sink.origin}/alice/ntfy`);
    await n.webhook(f.alice, 'discord', `${sink.origin}/alice/discord`);
    // A channel that wants only download events hears nothing of episodes.
    await n.webhook(f.alice, 'json', `${sink.origin}/alice/downloads`, ['download_finished']);
    await n.webhook(f.bob, 'json', `${sink.origin}/bob`);
    const carol = await f.t.userHeaders('notify-carol@example.com');
    await n.webhook(carol, 'json', `${sink.origin}/carol`);

    f.advance(HOUR + 1);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    const added = addEpisode(show, 3)!;
    f.advance(HOUR * 24);
    expect(await f.t.services.followChecker.checkDue()).toBe(1);
    await n.drain();

    const [json] = sink.at('/alice/json');
    expect(sink.at('/alice/json')).toHaveLength(1);
    expect(json!.headers['content-type']).toBe('application/json');
    const event = JSON.parse(json!.body);
    expect(event).toMatchObject({
      event: 'new_episodes',
      title: expect.stringContaining('新剧集'),
      work: {
        kind: 'tv',
        id: show,
        link: expect.stringMatching(/^http:\/\/capshelf\.test:8000\/episodes\//),
      },
      episodes: [{ id: added.id, label: added.label }],
    });
    expect(Date.parse(event.occurred_at)).toBe(f.clock.now);

    const [ntfy] = sink.at('/alice/ntfy');
    expect(sink.at('/alice/ntfy')).toHaveLength(1);
    expect(ntfy!.headers['content-type']).toMatch(/^text\/plain/);
    expect(ntfy!.body).toContain(added.label);
    // The Title header carries the Chinese text as an RFC 2047 encoded word, as ntfy decodes it.
    const title = /^=\?UTF-8\?B\?(.*)\?=$/.exec(String(ntfy!.headers.title))![1]!;
    expect(Buffer.from(title, 'base64').toString('utf8')).toBe(event.title);
    expect(ntfy!.headers.tags).toBe('tv');
    expect(ntfy!.headers.click).toBe(event.link);

    const [discord] = sink.at('/alice/discord');
    expect(sink.at('/alice/discord')).toHaveLength(1);
    const message = JSON.parse(discord!.body);
    expect(message).toMatchObject({
      content: event.title,
      embeds: [{ title: event.title, url: event.link, timestamp: event.occurred_at }],
      allowed_mentions: { parse: [] },
    });
    expect(message.embeds[0].description).toContain(added.label);

    expect(sink.at('/alice/downloads')).toEqual([]);
    expect(sink.at('/bob')).toHaveLength(1);
    // Carol follows nothing: she is told nothing.
    expect(sink.at('/carol')).toEqual([]);

    // Each channel shows its last result; nothing is left to send, and a second check sends nothing.
    const channels = (await n.list(f.alice)).channels;
    const episodeChannels = channels.filter((c) => c.events.includes('new_episodes'));
    for (const channel of episodeChannels) {
      expect(channel.last_delivery, channel.target).toMatchObject({ ok: true, status: 204 });
      expect(channel.pending).toBe(0);
    }
    f.advance(HOUR * 24);
    await f.t.services.followChecker.checkDue();
    await n.drain();
    expect(sink.received).toHaveLength(4);
  });
});
