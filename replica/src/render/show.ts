import type { Episode, Show } from '../catalogue';
import { smallUrl, thumbUrl, type Site } from '../links';
import {
  dirRelative,
  EPISODES_PER_SHOW_PAGE,
  episodePath,
  pageCount,
  pageSlice,
  picturePath,
  showPath,
} from '../paths';
import { esc, imageCell } from './html';
import { layout } from './layout';
import { episodeSidebar } from './sidebar';

const BUTTON_STYLE = 'background-color:#dd9330;color:white;margin-top: 20px;margin-bottom: 10px;';
const PREVIEW_COLS = 'col-lg-3 col-md-4 col-sm-6 col-xs-6';

/**
 * Anime wraps the h3 in a relative link (`a > h3`); TV puts the link inside it (`h3 > a`).
 * The "See More Images" button is absolute in both.
 */
function episodeBlock(site: Site, show: Show, episode: Episode): string {
  const path = episodePath(show, episode);
  const label = `Images From ${esc(episode.label)}`;
  const heading =
    show.kind === 'anime'
      ? `<a href="${path}" style="color:black;"><h3>${label}</h3></a>`
      : `<h3 style="font-size:21px;"><a href="${path}">${label}</a></h3>`;
  const previews = episode.topImageIds.map((id) => {
    const href =
      show.kind === 'anime'
        ? site.pageOrigin + picturePath('anime', id)
        : dirRelative(picturePath('tv', id));
    return imageCell(
      PREVIEW_COLS,
      href,
      thumbUrl(site, show.kind, id, show.thumbs),
      `${show.title} Image`,
      ' style="display:inline-block;"',
    );
  });
  return `<div class="row" style="margin-left:0px;">
<div class="col-lg-8 col-md-8 col-sm-12 col-xs-12" style="padding:5px;">${heading}</div>
<div class="col-lg-4 col-md-4 col-sm-12 col-xs-12"><a href="${site.pageOrigin}${path}" class="btn btn-block" style="${BUTTON_STYLE}">See More Images <i class="fa fa-angle-double-right"></i></a></div>
</div>
${previews.join('\n')}`;
}

/** `ul.pager`: Previous points at page 0 from page 1 (disabled); Next is `#` on the last page. */
function pager(site: Site, show: Show, page: number, lastPage: number): string {
  const href = (n: number) => site.pageOrigin + showPath(show, n);
  const next = page >= lastPage ? '#' : href(page + 1);
  return `<div class="single_archive" style="max-height:300px;overflow:hidden;text-align:center;">
<ul class="pager">
<li${page <= 1 ? ' class="disabled"' : ''}><a href="${href(page - 1)}" title="Previous Page">&lt; Previous</a></li>
<li><a href="${next}" title="Next Page">Next &gt;</a></li>
</ul>
</div>`;
}

/** 10 episodes per page as flat siblings; pages past the end list none. */
export function renderShow(site: Site, show: Show, page: number): string {
  const lastPage = pageCount(show.episodes.length, EPISODES_PER_SHOW_PAGE);
  const blocks = pageSlice(show.episodes, page, EPISODES_PER_SHOW_PAGE).map((e) =>
    episodeBlock(site, show, e),
  );
  const main = `<h1 class="post_title" style="margin:0px;padding:7px;">Viewing Popular Images From ${esc(show.title)} </h1>
<span style="color:#777;">Other Title: ${esc(show.altTitle)}</span>
<div class="alert alert-warning">These images may contain content for mature users. User discretion adviced.</div>
${blocks.join('\n')}
${pager(site, show, page, lastPage)}`;
  const cover = show.episodes[0]?.topImageIds[0];
  return layout(site, {
    title: `Image Gallery of ${show.title} | Fancaps`,
    canonical: site.pageOrigin + showPath(show),
    ogImage: cover === undefined ? undefined : smallUrl(site, show.kind, cover),
    bannerRow: true,
    main,
    sidebar: episodeSidebar(site, 'Popular Recent Images', show.kind, show.id),
  });
}
