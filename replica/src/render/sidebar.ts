import { movies, shows, type Show } from '../catalogue';
import { smallUrl, type Site } from '../links';
import { episodePath, moviePath } from '../paths';
import type { ShowKind } from '../types';
import { esc } from './html';

interface SidebarLink {
  href: string;
  title: string;
  img: string;
}

/** The right-hand bar: links to OTHER works, so parsers that do not scope their selectors break. */
function rightBar(heading: string, links: SidebarLink[]): string {
  const items = links
    .map(
      (l) =>
        `<li><a href="${l.href}" class="hovertext" title="${esc(l.title)}"><img alt="img" src="${l.img}" style="width:100%;" /></a></li>`,
    )
    .join('\n');
  return `<div class="right_bar">
<div class="single_leftbar"><h2><span>AD</span></h2></div>
<div class="single_leftbar"><h2><span>${esc(heading)}</span></h2>
<ul class="catg3_snav ppost_nav">
${items}
</ul></div>
</div>`;
}

/** First episodes of up to 3 other shows, same kind first; relative links on the search page. */
export function episodeSidebar(
  site: Site,
  heading: string,
  kind: ShowKind,
  excludeShowId: number | null,
  relative = false,
): string {
  const others = shows
    .filter((s) => s.id !== excludeShowId)
    .sort((a, b) => Number(b.kind === kind) - Number(a.kind === kind));
  const links = others.slice(0, 3).map((s: Show) => {
    const episode = s.episodes[0]!;
    const path = episodePath(s, episode);
    return {
      href: relative ? path : site.pageOrigin + path,
      title: `Images From ${s.title}`,
      img: smallUrl(site, s.kind, episode.topImageIds[0]!),
    };
  });
  return rightBar(heading, links);
}

export function movieSidebar(site: Site, excludeMovieId: number): string {
  const links = movies
    .filter((m) => m.id !== excludeMovieId)
    .map((m) => ({
      href: site.pageOrigin + moviePath(m),
      title: `Images From ${m.title}`,
      img: smallUrl(site, 'movie', m.previewIds[0]!),
    }));
  return rightBar('Recently Added Images', links);
}
