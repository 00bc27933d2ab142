import type { Movie } from '../catalogue';
import { thumbUrl, type Site } from '../links';
import {
  dirRelative,
  IMAGES_PER_PAGE,
  moviePath,
  pageCount,
  pageSlice,
  picturePath,
} from '../paths';
import { esc, imageCell } from './html';
import { layout } from './layout';
import { pagination } from './pagination';
import { movieSidebar } from './sidebar';

const GRID_COLS = 'col-lg-3 col-md-4 col-sm-6 col-xs-12';
const ADS_EVERY = 12;

/** Freestar ad rows sit INSIDE the grid, so "all children of the grid" are not all images. */
function adRow(index: number): string {
  return index % 2 === 1
    ? '<div class="row" style="margin-top:15px;"><div class="hidden-lg hidden-md hidden-sm col-xs-12" style="padding:0px;"><div align="center" data-freestar-ad="__300x250" id="fancaps_incontent_mobile_1"></div></div></div>'
    : '<div class="row" style="margin-top:15px;"><div style="width:100%;margin-top:15px;margin-bottom:10px;overflow:hidden;" class="clearfix"><div align="center" data-freestar-ad="__300x250 __970x250" id="fancaps_incontent_1"></div></div></div>';
}

function grid(site: Site, movie: Movie, ids: readonly number[]): string {
  return ids
    .map((id, i) => {
      const ad = i > 0 && i % ADS_EVERY === 0 ? adRow(i / ADS_EVERY) + '\n' : '';
      const href = dirRelative(picturePath('movie', id));
      return (
        ad +
        imageCell(
          GRID_COLS,
          href,
          thumbUrl(site, 'movie', id, movie.thumbs),
          `${movie.title} Images`,
        )
      );
    })
    .join('\n');
}

/** No top images; a page past the end is answered with the last page (its number active). */
export function renderMovie(site: Site, movie: Movie, requestedPage: number): string {
  const lastPage = pageCount(movie.imageIds.length, IMAGES_PER_PAGE);
  const page = Math.min(requestedPage, lastPage);
  const ids = pageSlice(movie.imageIds, page, IMAGES_PER_PAGE);
  const pageHref = (n: number) => dirRelative(moviePath(movie, n));
  const main = `<div class="row">
<div align="center" data-freestar-ad="__320x100 __970x90" id="fancaps_leaderboard_atf"></div>
<div class="middle_bar">
<div class="clearfix"></div>
<h2 class="post_title ">Images from ${esc(movie.title)} </h2>
<div style="margin-top:5px;">
${grid(site, movie, ids)}
</div>
<div class="clearfix"></div>
<div style="width:100%" class="clearfix"><div class="col-lg-12" style="text-align: center;">
${pagination(page, lastPage, pageHref)}
</div></div>
</div>
</div>`;
  return layout(site, {
    title: `Image Gallery of ${movie.title} | Fancaps`,
    canonical: site.pageOrigin + moviePath(movie),
    main,
    sidebar: movieSidebar(site, movie.id),
  });
}
