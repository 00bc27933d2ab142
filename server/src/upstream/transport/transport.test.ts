import type { Replica } from '@capshelf/replica';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { episodeById, KEY_IDS, showById, startReplica, testCertificates } from '@capshelf/replica';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UpstreamConfig } from '../../config';
import { loadConfig } from '../../config';
import { createUrlBuilders } from '../builders';
import type { UpstreamClient } from '../client-api';
import { createUpstreamClient } from '../client';
import {
  UpstreamConnectionError,
  UpstreamRateLimitedError,
  UpstreamUrlRefusedError,
} from '../errors';
import { parseEpisodePage } from '../parse/episode';
import { parseSearchPage } from '../parse/search';
import { parseShowPage } from '../parse/show';
import { installProcessTrust } from './trust';

let replica: Replica;
let client: UpstreamClient | undefined;

beforeAll(async () => {
  replica = await startReplica({ tls: true });
});

beforeEach(() => {
  replica.resetCounts();
});

afterEach(async () => {
  await client?.close();
  client = undefined;
});

afterAll(async () => {
  await replica?.close();
});

function configFor(settings: Record<string, string>): UpstreamConfig {
  return loadConfig({
    ...replica.env(),
    UPSTREAM_PAGE_SPACING: '0ms',
    UPSTREAM_THUMB_SPACING: '0ms',
    UPSTREAM_FULL_SPACING: '0ms',
    UPSTREAM_JITTER: '0ms',
    UPSTREAM_TIMEOUT: '5s',
    UPSTREAM_RETRIES: '0',
    ...settings,
  }).upstream;
}

describe('the replica in TLS mode', () => {
  it('serves every host over HTTPS with a certificate from its test CA', () => {
    for (const origin of Object.values(replica.hostOrigins)) expect(origin).toMatch(/^https:/);
    expect(replica.env().UPSTREAM_CA_FILE).toBe(replica.ca?.file);
  });
});

describe('the default (impersonate) transport against the fingerprint check', () => {
  it('searches, lists a show, reads an episode and fetches its images', async () => {
    const config = configFor({});
    expect(config.transport).toBe('impersonate');
    client = createUpstreamClient(config);
    const urls = createUrlBuilders(config);

    const results = parseSearchPage(
      await client.fetchPage(urls.searchUrl('lighthouse')),
      urls.workUrl,
    );
    expect(results.map((r) => r.id)).toEqual([22490, 22610]);

    const show = showById(KEY_IDS.longShow)!;
    const page = parseShowPage(
      await client.fetchPage(urls.workUrl({ type: 'work', kind: 'anime', id: show.id })),
    );
    expect(page.title).toBe(show.title);

    const episodeId = show.episodes[0]!.id;
    const episode = parseEpisodePage(
      await client.fetchPage(
        urls.episodePageUrl({ type: 'episode', kind: 'anime', id: episodeId }),
      ),
    );
    const imageId = episodeById(episodeId)!.imageIds[0]!;
    expect(episode.imageIds).toContain(imageId);

    for (const size of ['thumb', 'large'] as const) {
      const image = await client.fetchImage(urls.imageUrl(size, 'anime', imageId));
      expect(image.contentType).toBe('image/jpeg');
      expect(image.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    const counts = replica.counts();
    expect(counts.hosts.pages).toBe(3);
    expect(counts.hosts.ant + counts.hosts.cdni).toBe(2);
  });
});

describe('UPSTREAM_TRANSPORT=node against the fingerprint check', () => {
  it('is refused with the block page, reported as blocked, and the host cools down', async () => {
    const config = configFor({ UPSTREAM_TRANSPORT: 'node' });
    client = createUpstreamClient(config);
    const urls = createUrlBuilders(config);
    const search = client.fetchPage(urls.searchUrl('lighthouse'));
    await expect(search).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    await expect(search).rejects.toMatchObject({ status: 403, blocked: true });
    // Meanwhile the host is not asked again, and the refusal still says why.
    await expect(client.fetchPage(urls.searchUrl('other'))).rejects.toMatchObject({
      blocked: true,
    });
    expect(replica.counts().hosts.pages).toBe(1);
  });

  it('cannot even connect without UPSTREAM_CA_FILE (the certificate is the test CA’s)', async () => {
    const config = configFor({ UPSTREAM_TRANSPORT: 'node', UPSTREAM_CA_FILE: '' });
    expect(config.caFile).toBeUndefined();
    client = createUpstreamClient(config);
    await expect(client.fetchPage(`${replica.pageOrigin}/`)).rejects.toBeInstanceOf(
      UpstreamConnectionError,
    );
    expect(replica.counts().total).toBe(0);
  });
});

describe.each(['impersonate', 'node'])('redirects over TLS with the %s transport', (transport) => {
  it('follows them on the site, one hop at a time, and refuses those leaving it', async () => {
    const { key, cert } = testCertificates();
    const hits: string[] = [];
    const server = createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
      hits.push(req.url);
      if (req.url === '/a') return res.writeHead(302, { location: '/b' }).end();
      if (req.url === '/away') {
        return res.writeHead(302, { location: `${replica.hostOrigins.ant}/1.jpg` }).end();
      }
      if (req.url === '/evil')
        return res.writeHead(301, { location: 'https://evil.example/' }).end();
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body><section id="contentbody">ok</section></body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const config = configFor({ UPSTREAM_TRANSPORT: transport, UPSTREAM_BASE_URL: origin });
      client = createUpstreamClient(config);
      await expect(client.fetchPage(`${origin}/a`)).resolves.toContain('contentbody');
      await expect(client.fetchPage(`${origin}/evil`)).rejects.toBeInstanceOf(
        UpstreamUrlRefusedError,
      );
      expect(hits).toEqual(['/a', '/b', '/evil']);
      // The thumbnail host is the site's (configured), so that hop is allowed and sent.
      replica.resetCounts();
      await client.fetchPage(`${origin}/away`).catch(() => undefined);
      expect(replica.counts().hosts.ant).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('UPSTREAM_CA_FILE', () => {
  it('refuses a file that holds no certificate', () => {
    expect(() =>
      createUpstreamClient(configFor({ UPSTREAM_CA_FILE: import.meta.filename })),
    ).toThrow(/no PEM certificate/);
  });

  it('is one per process for impit, whose trust store is fixed at its first handshake', () => {
    expect(() => installProcessTrust(replica.ca!.pem)).not.toThrow();
    const other = `${replica.ca!.pem}\n${replica.ca!.pem}`;
    expect(() => installProcessTrust(other)).toThrow(/one CA per process/);
  });
});
