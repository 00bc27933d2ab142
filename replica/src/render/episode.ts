import { showById, type Episode, type Show } from '../catalogue';
import { smallUrl, thumbUrl, type Site } from '../links';
import {
  dirRelative,
  episodePath,
  IMAGES_PER_PAGE,
  KIND_DIRS,
  pageCount,
  pageSlice,
  picturePath,
  showPath,
} from '../paths';
import { esc, imageCell } from './html';
import { layout } from './layout';
import { pagination } from './pagination';
import { episodeSidebar } from './sidebar';

const TOP_COLS = 'col-lg-3 col-md-6 col-sm-6 col-xs-12';
const GRID_COLS = 'col-lg-3 col-md-4 col-sm-6 col-xs-12';

/** Anime picture links are absolute, TV ones relative to /tv/. */
function cells(site: Site, show: Show, ids: readonly number[], cols: string): string {
  return ids
    .map((id) => {
      const path = picturePath(show.kind, id);
      const href = show.kind === 'anime' ? site.pageOrigin + path : dirRelative(path);
      return imageCell(
        cols,
        href,
        thumbUrl(site, show.kind, id, show.thumbs),
        `${show.title} Image`,
        ' style',
      );
    })
    .join('\n');
}

/** Anime links the show absolutely, TV relatively. */
function breadcrumb(site: Site, show: Show, episode: Episode): string {
  const showHref = show.kind === 'anime' ? site.pageOrigin + showPath(show) : showPath(show);
  return `<ol class="breadcrumb">
<li><a href="/"><i class="fa fa-home"></i>Home <i class="fa fa-angle-right"></i></a></li>
<li><a href="${showHref}">${esc(show.title)} <i class="fa fa-angle-right"></i></a></li>
<li class="active">${esc(episode.label)} Images</li>
</ol>`;
}

function nextEpisodeButton(site: Site, show: Show, episode: Episode): string {
  const next = show.episodes[show.episodes.indexOf(episode) + 1];
  if (!next) return '';
  return `<a class="btn btn-info pull-left hidden-sm hidden-xs" style="margin: 20px;display:inline-block;" href="${site.pageOrigin}/${KIND_DIRS[show.kind]}/episodeimages.php?${next.id}">Next Episode's Images</a>`;
}

/**
 * Top images repeat on every page, even past the end, whose screencap grid is simply empty.
 * Anime calls the grid "Episode Screencaps", TV "Episode Images".
 */
export function renderEpisode(site: Site, episode: Episode, page: number): string {
  const show = showById(episode.showId)!;
  const lastPage = pageCount(episode.imageIds.length, IMAGES_PER_PAGE);
  const gridIds = pageSlice(episode.imageIds, page, IMAGES_PER_PAGE);
  const gridTitle = show.kind === 'anime' ? 'Episode Screencaps' : 'Episode Images';
  const pageHref = (n: number) => dirRelative(episodePath(show, episode, n));
  const main = `<div class="middle_bar">
<div class="single_post_area">
${breadcrumb(site, show, episode)}
<div class="alert alert-warning">These images may contain content for mature users. User discretion advised.</div>
<h1 class="post_title" style="margin:0px;padding:7px;">Images From ${esc(show.title)} ${esc(episode.label)} </h1>
<div class="row"><div class="col-lg-12 col-md-12 col-sm-12 col-xs-12" style="padding:5px;"><h3>Top Images</h3></div></div>
<div class="row topImages">
${cells(site, show, episode.topImageIds, TOP_COLS)}
</div>
<div class="row"><div class="col-lg-12 col-md-12 col-sm-12 col-xs-12"><h3>${gridTitle}</h3></div></div>
<div class="clearfix"></div>
<div class="row">
${cells(site, show, gridIds, GRID_COLS)}
</div>
<div class="clearfix"></div>
<div class="row">
<div class="col-sm-3"></div>
<div class="col-sm-6"><div class="row"><div class="col-lg-12" style="text-align: center;">
${pagination(page, lastPage, pageHref)}
</div></div></div>
<div class="col-sm-3">${nextEpisodeButton(site, show, episode)}</div>
</div>
</div>
</div>`;
  return layout(site, {
    title: `Image Gallery of ${show.title}: ${episode.label} | Fancaps`,
    canonical: site.pageOrigin + episodePath(show, episode),
    ogImage: smallUrl(site, show.kind, episode.topImageIds[0]!),
    bannerRow: true,
    main,
    sidebar: episodeSidebar(site, 'Popular Recent Images', show.kind, show.id),
  });
}
