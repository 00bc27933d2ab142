import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UpstreamBadResponseError } from '../errors';
import { endSignals, isLastPage } from './end';
import { parseEpisodePage } from './episode';
import { parseMoviePage } from './movie';
import { pageProblem } from './page-check';
import { parseSearchPage } from './search';
import { parseShowPage } from './show';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/fixtures/fancaps',
);
const haveFixtures = existsSync(FIXTURES);
if (!haveFixtures) console.log(`[upstream parsers] skipping fixture tests: ${FIXTURES} not found`);

const fixture = (name: string) =>
  readFileSync(path.join(FIXTURES, `magonxesp__${name}.html`), 'utf8');
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.skipIf(!haveFixtures)('parsers on the saved real pages', () => {
  it('search page: the two anime results, with canonical URLs and previews', () => {
    const results = parseSearchPage(
      fixture('non-non-biyori-search-result'),
      (ref) => `https://fancaps.net/${ref.kind}/${ref.id}`,
    );
    expect(results).toEqual([
      {
        title: 'Non Non Biyori',
        altTitle: null,
        kind: 'anime',
        id: 10434,
        url: 'https://fancaps.net/anime/10434',
        year: null,
        previewIds: [7123823, 7124363, 7124016],
      },
      {
        title: 'Non Non Biyori Repeat',
        altTitle: null,
        kind: 'anime',
        id: 34699,
        url: 'https://fancaps.net/anime/34699',
        year: null,
        previewIds: [23328251, 23329287, 23329227],
      },
    ]);
  });

  it('show page: title, ten episodes with four previews each, a next page', () => {
    const show = parseShowPage(fixture('non-non-biyori-episodes'));
    expect(show.title).toBe('Non Non Biyori');
    expect(show.altTitle).toBeNull();
    expect(show.episodes.map((e) => e.id)).toEqual(range(10435, 10444));
    expect(show.episodes.map((e) => e.label)).toEqual(range(1, 10).map((n) => `Episode ${n}`));
    expect(show.episodes.map((e) => e.number)).toEqual(range(1, 10));
    expect(show.episodes.every((e) => e.previewIds.length === 4)).toBe(true);
    expect(show.episodes[0]?.previewIds).toEqual([7123823, 7124363, 7124016, 7123748]);
    expect(show.episodes[9]?.previewIds).toEqual([7130257, 7130221, 7130241, 7130214]);
    // The sidebar's episodes (39783, 39626, 39478 "Episode 1 & 2") are not the show's.
    expect(show.episodes.some((e) => e.id > 10444)).toBe(false);
    expect(show.pagination).toEqual({
      requestedPage: 1,
      activePage: null,
      hasNext: true,
      pagesAtLeast: 1,
    });
    expect(isLastPage(show, new Set())).toBe(false);
  });

  it('episode page: the 36 screencaps without the top images, breadcrumb work, pagination', () => {
    const episode = parseEpisodePage(fixture('non-non-biyori-episode-images'));
    expect(episode).toEqual({
      workTitle: 'Non Non Biyori',
      title: 'Non Non Biyori Episode 1',
      label: 'Episode 1',
      work: { type: 'work', kind: 'anime', id: 10434 },
      imageIds: range(7123726, 7123761),
      pagination: { requestedPage: 1, activePage: 1, hasNext: true, pagesAtLeast: 5 },
    });
    expect(episode.imageIds).not.toContain(7123823);
  });

  it('episode page asked for as another page reports the mismatch', () => {
    const episode = parseEpisodePage(fixture('non-non-biyori-episode-images'), { page: 4 });
    expect(episode.pagination).toEqual({
      requestedPage: 4,
      activePage: 1,
      hasNext: true,
      pagesAtLeast: 5,
    });
    expect(endSignals(episode, new Set())).toEqual(['active-mismatch']);
    expect(
      endSignals(
        parseEpisodePage(fixture('non-non-biyori-episode-images')),
        new Set(range(7123726, 7123761)),
      ),
    ).toEqual(['no-new-ids']);
  });

  it('movie page: title, year, the 36 thumbnails between the ad rows', () => {
    expect(parseMoviePage(fixture('a-silent-voice-images'))).toEqual({
      title: 'A Silent Voice: The Movie (2016)',
      year: 2016,
      imageIds: range(4275021, 4275056),
      pagination: { requestedPage: 1, activePage: 1, hasNext: true, pagesAtLeast: 5 },
    });
  });

  it('every saved page is a page (no challenge, not truncated)', () => {
    for (const name of [
      'non-non-biyori-search-result',
      'non-non-biyori-episodes',
      'non-non-biyori-episode-images',
      'non-non-biyori-picture',
      'a-silent-voice-images',
    ]) {
      expect(pageProblem(fixture(name)), name).toBeNull();
    }
  });

  it('a cut-off copy of a real page is refused, not read as an empty page', () => {
    const html = fixture('non-non-biyori-episode-images');
    const cut = html.slice(0, html.indexOf('Episode Screencaps'));
    expect(pageProblem(cut)).toBe('truncated');
    expect(() => parseEpisodePage(cut)).toThrow(UpstreamBadResponseError);
  });
});

describe('non-pages', () => {
  const challenge = `<!DOCTYPE html><html><head><title>Just a moment...</title></head>
    <body><div id="cf-browser-verification"></div>
    <script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script></body></html>`;

  it('recognises a Cloudflare challenge body', () => {
    expect(pageProblem(challenge)).toBe('challenge');
    expect(pageProblem('<html><body>__cf_chl_opt</body></html>')).toBe('challenge');
    expect(() => parseMoviePage(challenge)).toThrow(UpstreamBadResponseError);
  });

  it('does not mistake a real page carrying Cloudflare scripts for a challenge', () => {
    const page = `<html><body><section id="contentbody"></section>
      <script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body></html>`;
    expect(pageProblem(page)).toBeNull();
  });

  it('refuses garbage without a closing </html>', () => {
    expect(pageProblem('{"error":"nope"}')).toBe('truncated');
    expect(() => parseShowPage('')).toThrow(UpstreamBadResponseError);
  });
});

describe('synthetic markup variants', () => {
  const page = (body: string) =>
    `<html><body><section id="contentbody"><div class="row"><div class="col-lg-9 col-md-8">${body}</div>
     <div class="col-lg-3"><div class="right_bar"><a href="/tv/episodeimages.php?999-Other/Episode_1">x</a>
     <img src="https://tvt.fancaps.net/1.jpg"></div></div></div></section></body></html>`;

  it('TV show page: h3 > a, relative links, last page with Next = #', () => {
    const html = page(`
      <h1 class="post_title">Viewing Popular Images From Bluey Season 1</h1>
      <span style="color:#777;">Other Title: Bluey</span>
      <div class="row"><h3 style="font-size:21px;"><a href="/tv/episodeimages.php?6249-Bluey_Season_1/Episode_47">Images From Episode 47</a></h3>
        <a class="btn btn-block" href="/tv/episodeimages.php?6249-Bluey_Season_1/Episode_47">See More Images</a></div>
      <div class="col-lg-3"><a href="picture.php?/3720186"><img class="imageFade" src="https://tvt.fancaps.net/3720186.jpg"></a></div>
      <div class="row"><h3><a href="/tv/episodeimages.php?6250-Bluey_Season_1/OVA_1">Images From OVA 1</a></h3></div>
      <div class="col-lg-3"><a href="picture.php?/3720190"><img class="imageFade" src="https://tvt.fancaps.net/3720190.jpg"></a></div>
      <div class="row"><a href="/tv/episodeimages.php?6251-Bluey_Season_1/Episode_1_&_2">See More Images</a></div>
      <ul class="pager"><li><a href="/tv/showimages.php?6248-Bluey_Season_1&page=1" title="Previous Page">&lt; Previous</a></li>
        <li><a href="#" title="Next Page">Next &gt;</a></li></ul>`);
    const show = parseShowPage(html, { page: 2 });
    expect(show.title).toBe('Bluey Season 1');
    expect(show.altTitle).toBe('Bluey');
    expect(show.episodes).toEqual([
      { id: 6249, label: 'Episode 47', number: 47, previewIds: [3720186] },
      { id: 6250, label: 'OVA 1', number: null, previewIds: [3720190] },
      { id: 6251, label: 'Episode 1 & 2', number: 1, previewIds: [] },
    ]);
    expect(show.pagination).toEqual({
      requestedPage: 2,
      activePage: null,
      hasNext: false,
      pagesAtLeast: 2,
    });
    expect(endSignals(show, new Set())).toEqual(['no-next']);
  });

  it('TV episode page: "Episode Images" heading, relative picture links, past-the-end page', () => {
    const html = page(`
      <ol class="breadcrumb"><li><a href="/">Home</a></li><li><a href="/tv/showimages.php?6248-Bluey_Season_1">Bluey Season 1</a></li>
        <li class="active">Episode 47 Images</li></ol>
      <h1 class="post_title ">Images From Bluey Season 1 Episode 47</h1>
      <div class="row topImages"><div><a href="picture.php?/5"><img class="imageFade" src="https://tvt.fancaps.net/5.jpg"></a></div></div>
      <div class="row"><div><h3>Episode Images</h3></div></div>
      <div class="row"></div>
      <ul class="pagination"><li><a ihref="#">&laquo;</a></li><li class="active"><a href="#">9</a></li><li><a href="#">&raquo;</a></li></ul>`);
    const episode = parseEpisodePage(html, { page: 9 });
    expect(episode.work).toEqual({ type: 'work', kind: 'tv', id: 6248 });
    expect(episode.label).toBe('Episode 47');
    expect(episode.imageIds).toEqual([]);
    expect(endSignals(episode, new Set())).toEqual(['no-next', 'empty']);
  });
});
