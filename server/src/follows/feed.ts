import { episodeLink, type UrlBuilders } from '../upstream';
import { newToken } from '../auth/secrets';
import { noticeTexts } from '../notifications/texts';
import type { FeedStore } from './feed-store';

/** Entries a feed holds: the newest new episodes. */
const ENTRIES = 50;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * Each user's personal Atom feed of the new episodes of the works they follow, at
 * `/feeds/<token>.atom`: no session needed, and it shows nothing else. The token can be made
 * again (the old address stops working) or turned off.
 */
export class FeedService {
  constructor(
    private readonly deps: {
      store: FeedStore;
      builders: UrlBuilders;
      publicUrl: string;
      now: () => number;
    },
  ) {}

  async address(userId: number): Promise<string | null> {
    const token = await this.deps.store.token(userId);
    return token && this.urlOf(token);
  }

  /** A new address (the previous one, if any, stops working). */
  async regenerate(userId: number): Promise<string> {
    const token = newToken();
    await this.deps.store.setToken(userId, token, new Date(this.deps.now()).toISOString());
    return this.urlOf(token);
  }

  async turnOff(userId: number): Promise<void> {
    await this.deps.store.remove(userId);
  }

  /** The feed of `<token>.atom` in its owner's language, or null for anything else. */
  async atom(file: string): Promise<string | null> {
    const token = file.endsWith('.atom') ? file.slice(0, -5) : '';
    if (!TOKEN.test(token)) return null;
    const owner = await this.deps.store.owner(token);
    if (owner === null) return null;
    const texts = noticeTexts(owner.locale).feed;
    const events = await this.deps.store.events(owner.user_id, ENTRIES);
    const { publicUrl, builders } = this.deps;
    const updated = events[0]?.found_at ?? new Date(0).toISOString();
    // Each entry opens its episode's images.
    const entries = events.map((e) => {
      const link = `${publicUrl}${episodeLink(builders, e.kind, e.episode_id).page_path}`;
      return [
        '  <entry>',
        `    <id>tag:capshelf,2026:${e.kind}/${e.episode_id}</id>`,
        `    <title>${escape(`${e.title} — ${e.label}`)}</title>`,
        `    <updated>${e.found_at}</updated>`,
        `    <link rel="alternate" href="${escape(link)}"/>`,
        `    <summary>${escape(texts.summary(e.title, e.label))}</summary>`,
        '  </entry>',
      ].join('\n');
    });
    return [
      '<?xml version="1.0" encoding="utf-8"?>',
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${owner.locale}">`,
      `  <id>${escape(this.urlOf(token))}</id>`,
      `  <title>${escape(texts.title)}</title>`,
      `  <updated>${updated}</updated>`,
      `  <link rel="self" href="${escape(this.urlOf(token))}"/>`,
      `  <link rel="alternate" href="${escape(`${publicUrl}/`)}"/>`,
      '  <author><name>capshelf</name></author>',
      ...entries,
      '</feed>',
      '',
    ].join('\n');
  }

  private urlOf(token: string): string {
    return `${this.deps.publicUrl}/feeds/${token}.atom`;
  }
}
