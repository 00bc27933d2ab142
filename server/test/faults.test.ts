import type { LightMyRequestResponse } from 'fastify';
import {
  KEY_IDS,
  episodeById,
  renderImage,
  showById,
  type Fault,
  type HostName,
} from '@capshelf/replica';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';

/** The cool-down when the site gives no Retry-After, short enough to wait out. */
const DEFAULT_COOL_DOWN_S = 1;
/** Short enough to wait out: the timeout, one retry, and the default cool-down. */
const FAULT_ENV = {
  UPSTREAM_TIMEOUT: '500ms',
  UPSTREAM_RETRIES: '1',
  UPSTREAM_COOLDOWN: `${DEFAULT_COOL_DOWN_S}s`,
};

const RATE_LIMITED = { status: 429, code: 'UPSTREAM_RATE_LIMITED' };
const BAD_GATEWAY = { status: 502, code: 'UPSTREAM_ERROR' };
const TIMED_OUT = { status: 504, code: 'UPSTREAM_TIMEOUT' };

interface FaultCase {
  name: string;
  fault: Fault;
  answer: { status: number; code: string };
  /** Requests one failing fetch sends: timeouts, 5xx and broken connections are retried once. */
  attempts: number;
  /** Seconds the host cools down (rate limits and challenges): nothing is sent meanwhile. */
  coolDown?: number;
}

/** Every failure the source site can show, applied to one host at a time. */
const FAULTS: FaultCase[] = [
  {
    name: '429 with Retry-After',
    fault: { type: 'rate-limit', retryAfter: 2 },
    answer: RATE_LIMITED,
    attempts: 1,
    coolDown: 2,
  },
  {
    name: '429 without Retry-After',
    fault: { type: 'rate-limit' },
    answer: RATE_LIMITED,
    attempts: 1,
    coolDown: DEFAULT_COOL_DOWN_S,
  },
  {
    name: 'a 403 challenge page',
    fault: { type: 'challenge', status: 403 },
    answer: RATE_LIMITED,
    attempts: 1,
    coolDown: DEFAULT_COOL_DOWN_S,
  },
  {
    name: 'a challenge page with status 200',
    fault: { type: 'challenge', status: 200 },
    answer: RATE_LIMITED,
    attempts: 1,
    coolDown: DEFAULT_COOL_DOWN_S,
  },
  { name: 'a 5xx answer', fault: { type: 'error', status: 502 }, answer: BAD_GATEWAY, attempts: 2 },
  {
    name: 'an answer slower than the timeout',
    fault: { type: 'slow', delayMs: 1500 },
    answer: TIMED_OUT,
    attempts: 2,
  },
  { name: 'no answer at all', fault: { type: 'hang' }, answer: TIMED_OUT, attempts: 2 },
  {
    name: 'a body cut off half way',
    fault: { type: 'truncated' },
    answer: BAD_GATEWAY,
    attempts: 2,
  },
];

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

function expectUpstreamError(res: LightMyRequestResponse, c: FaultCase) {
  expect(res.statusCode, res.body).toBe(c.answer.status);
  expect(res.json().code).toBe(c.answer.code);
  if (c.coolDown) {
    expect(res.json().retry_after).toBe(c.coolDown);
    expect(res.headers['retry-after']).toBe(String(c.coolDown));
    expect(res.json().detail).toMatch(/429.*rate limit/);
  }
}

/**
 * The shape every case follows. `failing` and `other` fetch what the app has not stored yet,
 * `stored` what it stored before the fault. Checks: the mapped error and how many requests it
 * cost; during a cool-down nothing reaches the host (the fault is cleared first, so only the app
 * can refuse) and it lasts what Retry-After said; what is stored keeps being served; requests
 * resume when the cool-down ends, and since nothing wrong was stored, the failing fetch then
 * goes upstream and gets the real answer.
 */
async function runFaultCase(
  t: BrowseApp,
  host: HostName,
  c: FaultCase,
  fetches: {
    failing: () => Promise<LightMyRequestResponse>;
    other: () => Promise<LightMyRequestResponse>;
    stored: () => Promise<LightMyRequestResponse>;
    expectStored(res: LightMyRequestResponse): Promise<void> | void;
    expectReal(res: LightMyRequestResponse): Promise<void> | void;
  },
) {
  const sent = () => t.replica.counts().hosts[host];
  t.replica.resetCounts();
  t.replica.setFault(host, c.fault);
  const faultAt = Date.now();
  const failed = await fetches.failing();
  const answeredAt = Date.now();
  expectUpstreamError(failed, c);
  expect(sent()).toBe(c.attempts);

  if (c.coolDown) {
    t.replica.clearFaults();
    const during = await fetches.other();
    expect(during.statusCode).toBe(429);
    expect(during.json().code).toBe('UPSTREAM_RATE_LIMITED');
    expect(sent()).toBe(c.attempts);
  }

  const stored = await fetches.stored();
  expect(stored.statusCode, stored.body).toBe(200);
  await fetches.expectStored(stored);
  if (c.coolDown) {
    expect(sent()).toBe(c.attempts);
    if (c.coolDown > DEFAULT_COOL_DOWN_S) {
      // A longer Retry-After is honoured: half way between the default's end and its own
      // (the cool-down began after `faultAt`), the host is still left alone.
      await sleepUntil(faultAt + (DEFAULT_COOL_DOWN_S + c.coolDown) * 500);
      expect((await fetches.other()).statusCode).toBe(429);
      expect(sent()).toBe(c.attempts);
    }
    // Over once it has passed (it began before `answeredAt`).
    await sleepUntil(answeredAt + c.coolDown * 1000 + 50);
  }

  t.replica.clearFaults();
  const before = sent();
  const recovered = await fetches.failing();
  expect(recovered.statusCode, recovered.body).toBe(200);
  await fetches.expectReal(recovered);
  expect(sent()).toBeGreaterThan(before);
}

describe(`source site faults on the pages host (${databaseKind})`, () => {
  let t: BrowseApp;
  beforeEach(async () => {
    t = await startBrowseApp(FAULT_ENV);
  });
  afterEach(async () => {
    await t.close();
  });

  const [stored, failing, other] = showById(KEY_IDS.tvSeason1)!.episodes;
  const listing = (episodeId: number, refresh = false) => {
    const url = `${t.replica.pageOrigin}/tv/episodeimages.php?${episodeId}`;
    return t.app.inject({
      method: 'GET',
      url: `/api/images/episode/${encodeURIComponent(url)}${refresh ? '?refresh=true' : ''}`,
      headers: t.headers,
    });
  };
  const idsOf = (res: LightMyRequestResponse) =>
    res.json<{ images: { id: number }[] }>().images.map((i) => i.id);

  it.each(FAULTS)(
    '$name: answers $answer.code, serves what is stored and stores nothing wrong',
    async (c) => {
      expect((await listing(stored!.id)).json()).toMatchObject({ cached: false });
      await runFaultCase(t, 'pages', c, {
        failing: () => listing(failing!.id),
        other: () => listing(other!.id),
        // A refresh asks the source site first, then falls back to the stored listing.
        stored: () => listing(stored!.id, true),
        expectStored(res) {
          expect(res.json().cached).toBe(true);
          expect(idsOf(res)).toEqual(stored!.imageIds);
        },
        expectReal(res) {
          expect(res.json().cached).toBe(false);
          expect(idsOf(res)).toEqual(failing!.imageIds);
        },
      });
      const again = await listing(failing!.id);
      expect(again.json().cached).toBe(true);
      expect(idsOf(again)).toEqual(failing!.imageIds);
    },
  );

  it('serves a stored search while the search page fails', async () => {
    const search = (refresh: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/search${refresh ? '?refresh=true' : ''}`,
        payload: { query: 'lighthouse', content_type: 'tv' },
        headers: t.headers,
      });
    const first = await search(false);
    expect(first.json().cached).toBe(false);
    t.replica.setFault('pages', { type: 'error', status: 503 });
    const stale = await search(true);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ cached: true, results: first.json().results });
  });
});

describe(`source site faults on the image hosts (${databaseKind})`, () => {
  let t: BrowseApp;
  beforeEach(async () => {
    t = await startBrowseApp(FAULT_ENV);
  });
  afterEach(async () => {
    await t.close();
  });

  const ids = episodeById(KEY_IDS.bigEpisode)!.imageIds;
  const image = (id: number, size: 'thumb' | 'small' | 'large') =>
    t.app.inject({
      method: 'GET',
      url: `/api/images/${id}.jpg?kind=anime&size=${size}`,
      headers: t.headers,
    });

  it.each(FAULTS)(
    '$name on the thumbnail host: answers $answer.code, serves files on disk and stores nothing wrong',
    async (c) => {
      const [stored, failing, other] = [ids[0]!, ids[1]!, ids[2]!];
      // On disk only (not in the memory cache), as after a restart.
      await t.services.images.get('anime', stored, 'thumb');
      const expectPicture = (id: number) => async (res: LightMyRequestResponse) => {
        expect(res.headers['x-image-size']).toBe('thumb');
        expect(res.rawPayload.equals(await renderImage('anime', id, 'thumb'))).toBe(true);
      };
      await runFaultCase(t, 'ant', c, {
        failing: () => image(failing, 'thumb'),
        other: () => image(other, 'thumb'),
        stored: () => image(stored, 'thumb'),
        expectStored: expectPicture(stored),
        expectReal: expectPicture(failing),
      });
      // The real picture is now the stored one: no further request.
      t.replica.resetCounts();
      await expectPicture(failing)(await image(failing, 'thumb'));
      expect(t.replica.counts().hosts.ant).toBe(0);
    },
  );

  it.each(FAULTS)('$name on the original host falls back to the compressed host', async (c) => {
    const id = ids[10]!;
    t.replica.setFault('cdni', c.fault);
    const res = await image(id, 'large');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-image-size']).toBe('small');
    expect(res.rawPayload.equals(await renderImage('anime', id, 'small'))).toBe(true);
    expect(t.replica.counts().hosts.cdni).toBe(c.attempts);
  });

  it('falls back from the compressed host to the original, then to the thumbnail', async () => {
    t.replica.setFault('ancdn', { type: 'error', status: 503 });
    const res = await image(ids[11]!, 'small');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-image-size']).toBe('large');
    expect(res.rawPayload.equals(await renderImage('anime', ids[11]!, 'large'))).toBe(true);

    t.replica.setFault('cdni', { type: 'error', status: 503 });
    const thumb = await image(ids[13]!, 'small');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['x-image-size']).toBe('thumb');
    expect(thumb.rawPayload.equals(await renderImage('anime', ids[13]!, 'thumb'))).toBe(true);
  });

  it('answers the source site failure, not 404 or 500, when every host of an image fails', async () => {
    for (const host of ['cdni', 'ancdn', 'ant'] as const) {
      t.replica.setFault(host, { type: 'error', status: 503 });
    }
    const res = await image(ids[12]!, 'large');
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('UPSTREAM_ERROR');
    const counts = t.replica.counts().hosts;
    expect([counts.cdni, counts.ancdn, counts.ant]).toEqual([2, 2, 2]);
  });
});
