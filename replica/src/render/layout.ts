import type { Site } from '../links';
import { esc } from './html';

export interface PageParts {
  title: string;
  canonical: string;
  ogImage?: string;
  /** Show, episode and picture pages start the content with an empty ad row. */
  bannerRow?: boolean;
  main: string;
  sidebar: string;
}

/** The frame every fancaps page shares: header nav, `section#contentbody` with a 9/3 column split, footer. */
export function layout(site: Site, parts: PageParts): string {
  const home = site.pageOrigin;
  const og = parts.ogImage ? `<meta property="og:image" content="${parts.ogImage}" />` : '';
  const banner = parts.bannerRow
    ? '<div class="row"><div align="center" style="display:block; margin: 0px auto 20px auto; width:100%;"></div></div>'
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<title>${esc(parts.title)}</title>
<link rel="canonical" href="${esc(parts.canonical)}" />
${og}
</head>
<body>
<div class="box_wrapper">
<header id="header">
<ul class="nav navbar-nav custom_nav">
<li><a href="${home}/">Home</a></li>
<li><a href="${home}/search.php">Images By Search</a></li>
<li><a href="${home}/movies/">Movie Images</a></li>
<li><a href="${home}/tv/">TV Images</a></li>
<li><a href="${home}/anime/">Anime Images</a></li>
</ul>
</header>
<section id="contentbody">
${banner}<div class="row">
<div class="col-lg-9 col-md-8 col-sm-8 col-xs-12">
${parts.main}
</div>
<div class="col-lg-3 col-md-4 col-sm-4 col-xs-12"><div class="row">
${parts.sidebar}
</div></div>
</div>
</section>
<footer id="footer"><p>Local fancaps.net replica | <a href="${home}/search.php">Search</a></p></footer>
</div>
</body>
</html>
`;
}
