import type { Site } from '../links';
import { layout } from './layout';

export function renderNotFound(site: Site): string {
  return layout(site, {
    title: '404 Not Found | Fancaps',
    canonical: site.pageOrigin + '/',
    main: '<div class="middle_bar"><h1 class="post_title">404 - Page Not Found</h1><p>The page you requested could not be found.</p></div>',
    sidebar: '<div class="right_bar"></div>',
  });
}

/** A Cloudflare managed-challenge body carrying the markers scrapers look for (synthetic). */
export function renderChallenge(): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<title>Just a moment...</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
<meta name="robots" content="noindex,nofollow">
</head>
<body>
<div class="main-wrapper" role="main"><div class="main-content">
<h1 class="zone-name-title h1">fancaps.net</h1>
<h2 id="challenge-running" class="h2">Checking if the site connection is secure</h2>
<div id="cf-browser-verification" class="cf-browser-verification"></div>
<noscript><div class="h2">Enable JavaScript and cookies to continue</div></noscript>
</div></div>
<form id="challenge-form" action="/?__cf_chl_f_tk=replica0000" method="POST" enctype="application/x-www-form-urlencoded"></form>
<script>(function(){window._cf_chl_opt={cvId:'3',cType:'managed'};var s=document.createElement('script');s.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=replica';document.head.appendChild(s);})();</script>
</body>
</html>
`;
}

/** Cloudflare's block page, as its bot management answers a client it takes for a bot (synthetic). */
export function renderBlocked(): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<title>Attention Required! | Cloudflare</title>
<meta charset="UTF-8">
<meta name="robots" content="noindex, nofollow">
</head>
<body>
<div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper">
<div class="cf-wrapper cf-header cf-error-overview">
<h1 data-translate="block_headline">Sorry, you have been blocked</h1>
<h2 class="cf-subheadline"><span data-translate="unable_to_access">You are unable to access</span> fancaps.net</h2>
</div>
<div class="cf-section cf-wrapper"><h2 data-translate="blocked_why_headline">Why have I been blocked?</h2>
<p data-translate="blocked_why_detail">This website is using a security service to protect itself from online attacks.</p></div>
<div class="cf-error-footer cf-wrapper"><p>Cloudflare Ray ID: <strong class="font-semibold">replica0000000000</strong></p></div>
</div></div>
</body>
</html>
`;
}
