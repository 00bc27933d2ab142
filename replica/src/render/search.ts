import { searchCatalogue, type Movie, type Show } from '../catalogue';
import { thumbUrl, type Site } from '../links';
import { moviePath, picturePath, showPath } from '../paths';
import type { Kind } from '../types';
import { esc } from './html';
import { layout } from './layout';
import { episodeSidebar } from './sidebar';

export interface SearchRequest {
  /** null when the form is opened without a query: no results block then. */
  query: string | null;
  kinds: readonly Kind[];
}

const CHECKBOXES: [Kind, string, string, string][] = [
  ['movie', 'MoviesCB', 'Movies', ' Movies'],
  ['tv', 'TVCB', 'TV', ' TV'],
  ['anime', 'animeCB', 'Anime', ' Anime'],
];

const SECTIONS: [Kind, string][] = [
  ['movie', 'Movie Results'],
  ['tv', 'TV Results'],
  ['anime', 'Anime Results'],
];

interface ResultRow {
  href: string;
  title: string;
  altTitle: string;
  kind: Kind;
  previewIds: readonly number[];
}

/** Result rows link relatively and preview on the OLD thumbnail hosts, like the saved page. */
function row(site: Site, r: ResultRow): string {
  const previews = r.previewIds
    .map(
      (id) =>
        `<div class="col-xs-4" style="padding:5px;"><a href="${picturePath(r.kind, id)}" style="display:inline-block;"><img src="${thumbUrl(site, r.kind, id, 'old')}" alt="${esc(r.title)} Image" class="imageFade" style="width:100%;box-shadow: 5px 5px 5px #888888;" /></a></div>`,
    )
    .join('\n');
  return `<tr><td><div class="row"><div class="col-xs-12 col-md-4 col-lg-3"><h4><a href="${r.href}">${esc(r.title)}</a></h4><span style="color:#777;">${esc(r.altTitle)}</span></div><div class="col-xs-12 col-md-8 col-lg-9"> ${previews}</div></div></td></tr>`;
}

function showRow(s: Show): ResultRow {
  const previewIds = s.episodes[0]?.topImageIds.slice(0, 3) ?? [];
  return { href: showPath(s), title: s.title, altTitle: s.altTitle, kind: s.kind, previewIds };
}

function movieRow(m: Movie): ResultRow {
  return {
    href: moviePath(m),
    title: m.title,
    altTitle: '',
    kind: 'movie',
    previewIds: m.previewIds,
  };
}

function results(site: Site, request: SearchRequest & { query: string }): string {
  const found = searchCatalogue(request.query, request.kinds);
  const rows: Record<Kind, ResultRow[]> = {
    movie: found.movie.map(movieRow),
    tv: found.tv.map(showRow),
    anime: found.anime.map(showRow),
  };
  return SECTIONS.filter(([kind]) => request.kinds.includes(kind))
    .map(([kind, heading]) => {
      const list = rows[kind];
      const table = list.length
        ? `<table>\n${list.map((r) => row(site, r)).join('')} </table>`
        : 'No results found <table>\n</table>';
      return `<h2>${heading}</h2>\n${table}`;
    })
    .join('\n');
}

export function renderSearch(site: Site, request: SearchRequest): string {
  const checked = (kind: Kind) =>
    request.query === null || request.kinds.includes(kind) ? ' Checked' : '';
  const boxes = CHECKBOXES.map(
    ([kind, name, value, label]) =>
      `<input type="checkbox" id="${name}" name="${name}" value="${value}"${checked(kind)}>\n<label for="${name}">${label}</label><br>`,
  ).join('\n');
  const body = request.query === null ? '' : results(site, { ...request, query: request.query });
  const main = `<div class="row"><div class="middle_bar">
<div class="single_post_area row"><div class="single_post_content">
<form method="GET" action="/search.php">
<div class="form-group">
<label class="control-label">Search Show/Movie Name:</label>
<input id="q" name="q" class="form-control" value="${esc(request.query ?? '')}" />
<br/>
${boxes}
</div>
<input type="submit" id="submit" name="submit" class="btn btn-primary btn-lg btn-block" />
</form>
</div></div>
<div class="clearfix"></div>
<div class="single_post_area"><div class="single_post_content">
${body}
</div></div>
</div></div>`;
  return layout(site, {
    title: 'Search For Images, Pictures, Screencaps, Screenshots, Wallpapers',
    canonical: `${site.pageOrigin}/search.php`,
    main,
    sidebar: episodeSidebar(site, 'View More Images', 'tv', null, true),
  });
}
