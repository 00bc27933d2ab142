import { movieById, showById, type ImageRef } from '../catalogue';
import { originalUrl, smallUrl, type Site } from '../links';
import { dirRelative, moviePath, picturePath, showPath } from '../paths';
import { esc } from './html';
import { layout } from './layout';
import { episodeSidebar, movieSidebar } from './sidebar';

/** The single-image page: the compressed image wrapped in a link to the original, ±1 neighbours. */
export function renderPicture(site: Site, id: number, image: ImageRef): string {
  const { kind } = image;
  const show = kind === 'movie' ? undefined : showById(image.workId);
  const movie = kind === 'movie' ? movieById(image.workId) : undefined;
  const work = (show ?? movie)!;
  // Both galleries are linked relative to the picture's own directory.
  const galleryHref = dirRelative(show ? showPath(show) : moviePath(movie!));
  const original = originalUrl(site, kind, id);
  const compressed = smallUrl(site, kind, id);
  const main = `<div class="row"><div class="middle_bar"><div class="single_post_area">
<ol class="breadcrumb">
<li><a href="/"><i class="fa fa-home"></i>Home <i class="fa fa-angle-right"></i></a></li>
<li><a href="${galleryHref}">${esc(work.title)} Images <i class="fa fa-angle-right"></i></a></li>
<li class="active">${esc(work.title)} Image</li>
</ol>
<div class="alert alert-info">The image below may have been compressed for speed. If you wish to see the original, click the <b>View Original</b> link below.</div>
<div class="img-holder btn-group btn-group-lg" style="width:100%;">
<a href="${original}" target="_blank"><img src="${compressed}" id="imageTag" style="width:100%;box-shadow: 5px 5px 5px #888888;" alt="Image of ${esc(work.title)}" /></a>
</div>
<div style="width:100%;overflow:hidden;margin-top:10px;margin-bottom:5px;" class="clearfix">
<a class="btn btn-info pull-left" href="${site.pageOrigin}${picturePath(kind, id - 1)}">Previous Image</a>
<a class="btn btn-info pull-right" href="${site.pageOrigin}${picturePath(kind, id + 1)}">Next Image</a>
</div>
<div class="single_post_content animated" style="box-shadow: 5px 5px 5px #888888;margin-top:5px;">
<dl>
<dt>See More Images From This Show</dt>
<dd><a href="${galleryHref}">${esc(work.title)} Images</a></dd>
<dt>View Original Image</dt>
<dd><a target="_blank" href="${original}">View Fullsized Uncompressed Image From ${esc(work.title)} </a></dd>
<dt>View Count</dt>
<dd>${(id % 997) + 3} </dd>
</dl>
</div>
</div></div></div>`;
  return layout(site, {
    title: `${work.title} Image | Fancaps`,
    canonical: site.pageOrigin + picturePath(kind, id),
    ogImage: compressed,
    bannerRow: kind !== 'movie',
    main,
    sidebar: show
      ? episodeSidebar(site, 'Popular Recent Images', show.kind, show.id)
      : movieSidebar(site, work.id),
  });
}
