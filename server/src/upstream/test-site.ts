/**
 * A tiny in-memory stand-in for the site, for crawl tests: renders listing pages in the real
 * pages' markup with the quirks that matter (5-page window, » = `#` on the last page, top images
 * on every episode page, past-the-end pages empty or repeating the last one, ads in movie grids).
 */
import type { PageSource } from './crawl';

export type PastEnd = 'empty' | 'repeat-last';

const shell = (content: string) =>
  `<!DOCTYPE html><html><body><section id="contentbody"><div class="row">
  <div class="col-lg-9 col-md-8 col-sm-8 col-xs-12">${content}</div>
  <div class="col-lg-3"><div class="right_bar"><a href="https://fancaps.net/anime/episodeimages.php?99999-Other/Episode_1">
  <img src="https://ant.fancaps.net/1.jpg"></a></div></div></div></section></body></html>`;

const thumb = (id: number, href: string) =>
  `<div class="col-lg-3 col-md-4 col-sm-6 col-xs-12"><a href="${href}"><img class="imageFade" src="https://ant.fancaps.net/${id}.jpg"></a></div>`;

/** `ul.pagination` as episodes and movies have it: a window of 5, » → next or `#`. */
function pagination(pageHref: (page: number) => string, page: number, hasNext: boolean): string {
  const from = Math.max(1, page - 2);
  const numbers = Array.from({ length: 5 }, (_, i) => from + i)
    .map((n) =>
      n === page
        ? `<li class="active"><a href="#">${n}</a></li>`
        : `<li><a href="${pageHref(n)}">${n}</a></li>`,
    )
    .join('');
  const next = hasNext ? pageHref(page + 1) : '#';
  return `<ul class="pagination"><li><a ihref="#">&laquo;</a></li>${numbers}<li><a href="${next}">&raquo;</a></li></ul>`;
}

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

export interface ListingOptions {
  pastEnd: PastEnd;
  /** The » link keeps pointing onwards on the last page (the site gets it wrong). */
  brokenNext?: boolean;
}

/** Which page of a listing to render, following the site's past-the-end behaviour. */
function pick<T>(pages: T[][], page: number, options: ListingOptions) {
  const last = pages.length;
  if (page <= last)
    return {
      items: pages[page - 1] ?? [],
      shown: page,
      hasNext: page < last || !!options.brokenNext,
    };
  if (options.pastEnd === 'empty') return { items: [] as T[], shown: page, hasNext: false };
  return { items: pages[last - 1] ?? [], shown: last, hasNext: !!options.brokenNext };
}

export function episodeSite(ids: number[], options: ListingOptions & { perPage?: number }) {
  const pages = chunk(ids, options.perPage ?? 36);
  const href = (page: number) => `episodeimages.php?10435-Show/Episode_1&page=${page}`;
  return (page: number) => {
    const { items, shown, hasNext } = pick(pages, page, options);
    return shell(`
      <ol class="breadcrumb"><li><a href="/">Home</a></li><li><a href="https://fancaps.net/anime/showimages.php?10434-Show">Show</a></li><li class="active">Episode 1 Images</li></ol>
      <h1 class="post_title">Images From Show Episode 1</h1>
      <div class="row topImages">${[7, 8, 9, 10].map((id) => thumb(id, `https://fancaps.net/anime/picture.php?/${id}`)).join('')}</div>
      <div class="row"><div><h3>Episode Screencaps</h3></div></div><div class="clearfix"></div>
      <div class="row">${items.map((id) => thumb(id, `https://fancaps.net/anime/picture.php?/${id}`)).join('')}</div>
      ${pagination(href, shown, hasNext)}`);
  };
}

export function movieSite(ids: number[], options: ListingOptions) {
  const pages = chunk(ids, 36);
  const href = (page: number) => `MovieImages.php?name=Film_&_Co_2020&movieid=2040&page=${page}`;
  return (page: number) => {
    const { items, shown, hasNext } = pick(pages, page, options);
    const grid = chunk(items, 12)
      .map((row) => row.map((id) => thumb(id, `Image.php?imageid=${id}`)).join(''))
      .join('<div class="row"><div data-freestar-ad="__300x250"><script>ad()</script></div></div>');
    return shell(`<div class="middle_bar"><h2 class="post_title ">Images from Film &amp; Co (2020)</h2>
      <div style="margin-top:5px;">${grid}</div>${pagination(href, shown, hasNext)}</div>`);
  };
}

export function showSite(episodeIds: number[], options: ListingOptions) {
  const pages = chunk(episodeIds, 10);
  return (page: number) => {
    const { items, hasNext } = pick(pages, page, options);
    const blocks = items
      .map(
        (id, i) => `<div class="row" style="margin-left:0px;"><div class="col-lg-8">
        <a href="/anime/episodeimages.php?${id}-Show/Episode_${(page - 1) * 10 + i + 1}" style="color:black;"><h3>Images From Episode ${(page - 1) * 10 + i + 1}</h3></a></div>
        <div class="col-lg-4"><a class="btn btn-block" href="https://fancaps.net/anime/episodeimages.php?${id}-Show/Episode_${(page - 1) * 10 + i + 1}">See More Images</a></div></div>
        ${[1, 2, 3, 4].map((n) => thumb(id * 10 + n, `https://fancaps.net/anime/picture.php?/${id * 10 + n}`)).join('')}`,
      )
      .join('');
    const next = hasNext
      ? `https://fancaps.net/anime/showimages.php?10434-Show&page=${page + 1}`
      : '#';
    return shell(`<h1 class="post_title">Viewing Popular Images From Show </h1><span style="color:#777;">Other Title: </span>
      ${blocks}<div class="single_archive"><ul class="pager">
      <li class="disabled"><a href="https://fancaps.net/anime/showimages.php?10434-Show&page=${page - 1}" title="Previous Page">&lt; Previous</a></li>
      <li><a href="${next}" title="Next Page">Next &gt;</a></li></ul></div>`);
  };
}

/** Serves `render(page)` for every URL, recording what was asked for. */
export function memorySource(render: (page: number) => string): PageSource & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async fetchPage(url) {
      urls.push(url);
      return render(Number(/[?&]page=(\d+)/.exec(url)?.[1] ?? 1));
    },
  };
}

export const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + i);
