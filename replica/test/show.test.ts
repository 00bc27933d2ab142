import { describe, expect, it } from 'vitest';
import { KEY_IDS, showById, showPath } from '../src';
import { fetchPage, idOf, useReplica } from './helpers';
import { parseShowPage } from './parsers';

const replica = useReplica();

describe('show pages', () => {
  const show = showById(KEY_IDS.longShow)!;
  const page = async (n?: number) =>
    parseShowPage((await fetchPage(replica().pageOrigin + showPath(show, n))).$, 'anime');

  it('paginates 10 episodes per page with the pager quirks', async () => {
    const [p1, p2, p3] = await Promise.all([page(), page(2), page(3)]);
    expect(p1.title).toBe(`Viewing Popular Images From ${show.title}`);
    expect([p1, p2, p3].map((p) => p.episodes.length)).toEqual([10, 10, show.episodes.length - 20]);
    expect([...p1.episodes, ...p2.episodes, ...p3.episodes].map((e) => e.label)).toEqual(
      show.episodes.map((e) => e.label),
    );
    expect(p2.prevDisabled).toBe(false);
    expect(p2.prevHref).toBe(replica().pageOrigin + showPath(show, 1));
    expect(p2.nextHref).toBe(replica().pageOrigin + showPath(show, 3));
    expect(p3.nextHref).toBe('#');
  });

  it('lists no episodes past the end', async () => {
    const past = await page(40);
    expect(past.episodes).toEqual([]);
    expect(past.previews).toBe(0);
    expect(past.nextHref).toBe('#');
  });

  it('ignores the slug: any slug or none', async () => {
    for (const query of [`${show.id}`, `${show.id}-Wrong_Slug`, `${show.id}-`]) {
      const { $ } = await fetchPage(`${replica().pageOrigin}/anime/showimages.php?${query}`);
      expect(parseShowPage($, 'anime').episodes).toHaveLength(10);
    }
  });

  it('uses the TV markup (h3 > a) and relative picture links for TV', async () => {
    const tv = showById(KEY_IDS.tvSeason1)!;
    const { $ } = await fetchPage(replica().pageOrigin + showPath(tv));
    const parsed = parseShowPage($, 'tv');
    expect(parsed.episodes).toHaveLength(10);
    expect(parsed.episodes[0]).toEqual({
      href: `/tv/episodeimages.php?${tv.id + 1}-${tv.slug}/Episode_1`,
      label: 'Episode 1',
    });
    expect($('#contentbody .col-lg-9 a[href] > h3')).toHaveLength(0);
    const preview = $('#contentbody .col-lg-9 img.imageFade').first();
    expect(preview.parent('a').attr('href')).toBe(`picture.php?/${idOf(preview.attr('src'))}`);
    expect(preview.attr('src')!.startsWith(replica().hostOrigins.tvt)).toBe(true);
  });

  it('uses the old thumbnail host for the old-host show and new ones elsewhere', async () => {
    const old = showById(KEY_IDS.oldThumbShow)!;
    const { $ } = await fetchPage(replica().pageOrigin + showPath(old));
    const srcs = $('#contentbody .col-lg-9 img.imageFade')
      .toArray()
      .map((img) => $(img).attr('src')!);
    expect(srcs.every((src) => src.startsWith(replica().hostOrigins.animethumbs))).toBe(true);
    const { $: newer } = await fetchPage(replica().pageOrigin + showPath(show));
    expect(
      newer('#contentbody .col-lg-9 img.imageFade')
        .first()
        .attr('src')!
        .startsWith(replica().hostOrigins.ant),
    ).toBe(true);
  });

  it('has a sidebar linking to other shows only', async () => {
    const { $ } = await fetchPage(replica().pageOrigin + showPath(show));
    const links = $('div.right_bar a.hovertext')
      .toArray()
      .map((a) => $(a).attr('href')!);
    expect(links.length).toBeGreaterThan(0);
    expect(
      links.every((href) => href.includes('/episodeimages.php?') && !href.includes(show.slug)),
    ).toBe(true);
  });

  it('answers unknown ids and kind mismatches with 404', async () => {
    const origin = replica().pageOrigin;
    expect((await fetch(`${origin}/anime/showimages.php?99999-Nope`)).status).toBe(404);
    expect((await fetch(`${origin}/tv/showimages.php?${show.id}`)).status).toBe(404);
    expect((await fetch(`${origin}/anime/showimages.php?${show.id + 1}`)).status).toBe(404);
    expect((await fetch(`${origin}/nowhere.php`)).status).toBe(404);
  });
});
