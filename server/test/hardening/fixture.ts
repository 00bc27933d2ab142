// The app the hardening suites run against: the replica behind it and a signed-in user owning
// one record of every kind (favourites, history, a finished download, cached images and listings).
import { type DownloadStatus } from '@capshelf/contract';
import { KEY_IDS, episodeById } from '@capshelf/replica';
import type { RouteAccess } from '../../src/auth/request-user';
import { WEBHOOK_HOST, WEBHOOK_URL } from './route-inputs/notifications';
import { apiRoutes, routeInputs, type RouteInputs, type Samples } from './routes';
import { ADMIN } from '../helpers';
import { startBrowseApp, type BrowseApp } from '../support/browse';

// ---------------------------------------------------------------------------------------------
// The fixture: the app on a replica, a signed-in user owning one record of every kind.

export interface HardeningApp {
  t: BrowseApp;
  samples: Samples;
  table: Record<string, RouteInputs>;
  routes: RouteAccess[];
  /** A bearer header of the admin, for the admin-only routes. */
  adminHeaders: { authorization: string };
}

export async function waitForDownload(t: BrowseApp, id: string, headers = t.headers) {
  for (let i = 0; i < 200; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/download/${id}/status`, headers });
    const status = res.json<DownloadStatus>();
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('download did not finish');
}

/**
 * Waits until no download task of anyone is still to run, running or paused: up to a minute, as
 * a sweep of every route leaves dozens of users' tasks taking turns on two slots.
 */
export async function waitForIdleDownloads(t: BrowseApp) {
  for (let deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const row = await t.services.db.kysely
      .selectFrom('downloads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'running', 'paused'])
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('download tasks did not settle');
}

export async function startHardeningApp(): Promise<HardeningApp> {
  const t = await startBrowseApp({ NOTIFY_ALLOWED_HOSTS: WEBHOOK_HOST });
  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: t.headers });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    const json = String(res.headers['content-type']).startsWith('application/json');
    return json ? res.json<Record<string, unknown>>() : {};
  };
  const episodeId = KEY_IDS.bigEpisode;
  const imageId = episodeById(episodeId)!.imageIds[0]!;
  const episodeUrl = `${t.replica.pageOrigin}/anime/episodeimages.php?${episodeId}`;
  const ownImageUrl = `/api/images/${imageId}.jpg?kind=anime&size=thumb`;

  await api('GET', `/api/images/episode/${encodeURIComponent(episodeUrl)}/fast`);
  await api('GET', ownImageUrl);
  await api('POST', '/api/images/record-view', { episode_id: episodeUrl, image_ids: [imageId] });
  await api('POST', '/api/search/recent', { query: 'Non Non Biyori', results_count: 1 });
  const work = await api('POST', '/api/favorites/work', {
    title: 'Non Non Biyori',
    original_url: `https://fancaps.net/anime/showimages.php?${KEY_IDS.longShow}`,
  });
  const episode = await api('POST', '/api/favorites/episode', {
    title: 'Episode 1',
    episode_url: episodeUrl,
  });
  const image = await api('POST', '/api/favorites/image', { image_id: imageId, kind: 'anime' });
  const download = await api('POST', '/api/download', {
    image_urls: [ownImageUrl],
    filename_prefix: 'seed',
  });
  const downloadId = String(download.download_id);
  await waitForDownload(t, downloadId);
  const history = await t.services.db.kysely
    .selectFrom('history')
    .select('id')
    .executeTakeFirstOrThrow();

  const workUrl = `${t.replica.pageOrigin}/anime/showimages.php?${episodeById(episodeId)!.showId}`;
  const jobWorkUrl = `${t.replica.pageOrigin}/anime/showimages.php?${KEY_IDS.nearFramesShow}`;
  const follow = await api('POST', '/api/follows', { work_url: workUrl });
  const token = await api('POST', '/api/auth/tokens', {
    current_password: 'UserPass123',
    name: 'fixture',
    scopes: ['read'],
  });
  const channel = await api('POST', '/api/notifications/channels', {
    type: 'webhook',
    format: 'json',
    url: WEBHOOK_URL,
  });
  const me = await api('GET', '/api/auth/me');
  const share = await api('POST', '/api/shares', {
    kind: 'images',
    image_ids: [imageId],
    image_kind: 'anime',
    title: 'Non Non Biyori',
  });
  const shareToken = new URL(String(share.url)).pathname.split('/').at(-1)!;
  const draft = await api('PUT', '/api/dataset-drafts', {
    work_url: jobWorkUrl,
    keep_image_ids: [imageId],
  });
  const visit = (await api('GET', `/api/public/shares/${shareToken}`)) as {
    images: { thumb_url: string }[];
    zip_url: string;
  };
  const signed = (url: string) => new URL(url, 'http://x').searchParams;
  const samples: Samples = {
    favoriteIds: { work: Number(work.id), episode: Number(episode.id), image: Number(image.id) },
    historyId: history.id,
    followId: Number(follow.id),
    channelId: Number(channel.id),
    tokenId: Number(token.id),
    userId: Number(me.id),
    downloadId,
    workUrl,
    jobWorkUrl,
    episodeUrl,
    imageId,
    ownImageUrl,
    share: {
      id: Number(share.id),
      token: shareToken,
      exp: Number(signed(visit.images[0]!.thumb_url).get('exp')),
      fileSig: signed(visit.images[0]!.thumb_url).get('sig')!,
      zipSig: signed(visit.zip_url).get('sig')!,
    },
    draftId: Number(draft.id),
  };
  t.replica.resetCounts();
  const adminHeaders = { authorization: `Bearer ${await t.login(ADMIN.email, ADMIN.password)}` };
  return { t, samples, table: routeInputs(samples), routes: apiRoutes(t.app), adminHeaders };
}
