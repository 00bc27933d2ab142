import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { SiteAccess } from './site-access';

const access = (baseUrl: string) =>
  new SiteAccess(
    loadConfig({ UPSTREAM_BASE_URL: baseUrl, UPSTREAM_COOKIE: 'cf_clearance=SECRET' }).upstream,
  );

describe('the clearance cookie', () => {
  it('goes to the site over https, never over a redirect to plain http, nor to another host', () => {
    const site = access('https://fancaps.net');
    expect(site.clearanceFor(new URL('https://fancaps.net/anime/search.php'))).toEqual({
      cookie: 'cf_clearance=SECRET',
    });
    expect(site.clearanceFor(new URL('http://fancaps.net/anime/search.php'))).toEqual({});
    expect(site.clearanceFor(new URL('https://example.org/'))).toEqual({});
  });

  it('goes over http where the site itself is configured so (a local stand-in)', () => {
    const local = access('http://127.0.0.1:8080');
    expect(local.clearanceFor(new URL('http://127.0.0.1:8080/anime/search.php'))).toEqual({
      cookie: 'cf_clearance=SECRET',
    });
  });
});
