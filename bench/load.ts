// Benchmark: 50 signed-in users browsing cached content on the real (bundled) server at once, for
// 60 s, with autocannon (one connection per user, each with its own token and its own rotation
// of calls: search, episode list, image lists, thumbnails, favourites and their stats). Target:
// p99 under 100 ms and no errors. The cache is seeded by real calls against the replica, so it
// holds exactly what browsing stores; the replica also shows the run sent nothing upstream.
// Run: npx tsx bench/load.ts [--users 50] [--seconds 60]
// (SQLite; BENCH_DATABASE_URL=postgres://…/empty_db measures an EMPTY throwaway Postgres database)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { KEY_IDS, showById, startReplica } from '@capshelf/replica';
import { loadConfig } from '../server/src/config';
import { buildHttpApp } from '../server/src/http/app';
import { createServices } from '../server/src/services';
import { freePort } from '../scripts/lib/ports.mjs';
import { BENCH_ADMIN, startBuiltServer } from './built-server';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
  },
});
const users = Number(values.users);
const seconds = Number(values.seconds);
const TARGET_P99_MS = 100;
const EPISODES = 4;
const THUMBS_PER_LIST = 8;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-bench-load-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const { password } = BENCH_ADMIN;
const emailOf = (i: number) => `user${i}@bench.test`;
const databaseEnv: Record<string, string> = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
  : {};

/** What the seeded cache holds, and so what the users browse. */
interface Content {
  query: string;
  showUrl: string;
  workTitle: string;
  /** Episode ids as the images route takes them (`<id>-Slug/Episode_n`, with kind=anime). */
  episodes: { param: string; url: string; title: string; imageIds: number[] }[];
}

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const res = await response;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Fills the cache through the app's own routes (in-process, against the replica) and makes the users. */
async function seed(upstreamEnv: Record<string, string>, pageOrigin: string): Promise<Content> {
  const services = await createServices(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: password,
      ...databaseEnv,
      ...upstreamEnv,
    }),
  );
  const app = await buildHttpApp(services, { webRoot: path.join(dataDir, 'no-web') });
  const inject = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  await services.auth.users.create({ email: 'seed@bench.test', password, role: 'user' });
  const token = (await services.auth.login('seed@bench.test', password, '127.0.0.1')).token;

  const show = showById(KEY_IDS.longShow)!;
  const content: Content = {
    query: show.title.split(' ').at(-1)!.toLowerCase(),
    showUrl: `${pageOrigin}/anime/showimages.php?${show.id}-${show.slug}`,
    workTitle: show.title,
    episodes: [],
  };
  await inject('POST', '/api/search', token, { query: content.query, content_type: 'all' });
  await inject('POST', '/api/episodes/', token, { show_url: content.showUrl });
  for (const episode of show.episodes.slice(0, EPISODES)) {
    const param = `${episode.id}-${show.slug}/Episode_1`;
    const listing = await inject(
      'GET',
      `/api/images/episode/${encodeURIComponent(param)}?kind=anime`,
      token,
    );
    const imageIds = listing.json<{ images: { id: number }[] }>().images.map((image) => image.id);
    for (const id of imageIds)
      await inject('GET', `/api/images/${id}.jpg?kind=anime&size=thumb`, token);
    content.episodes.push({
      param,
      url: `${pageOrigin}/anime/episodeimages.php?${param}`,
      title: episode.label,
      imageIds,
    });
  }
  for (let i = 0; i < users; i++) {
    await services.auth.users.create({ email: emailOf(i), password, role: 'user' });
  }
  await app.close();
  await services.close();
  return content;
}

/** Signs user i in through the built server and gives them a few favourites; returns the token. */
async function signIn(i: number, content: Content): Promise<string> {
  const post = (url: string, body: object, token?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const token = await app.login({ email: emailOf(i), password });
  const episode = content.episodes[i % content.episodes.length]!;
  await json(
    post('/api/favorites/work', { title: content.workTitle, original_url: content.showUrl }, token),
  );
  await json(
    post(
      '/api/favorites/episode',
      { title: episode.title, episode_url: episode.url, work_title: content.workTitle },
      token,
    ),
  );
  for (const id of episode.imageIds.slice(0, 3)) {
    await json(
      post(
        '/api/favorites/image',
        { image_id: id, kind: 'anime', work_title: content.workTitle },
        token,
      ),
    );
  }
  return token;
}

/** One user's round through the cached content; every user starts on a different episode. */
function browsing(token: string, i: number, content: Content): autocannon.Request[] {
  const headers = { authorization: `Bearer ${token}` };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const get = (url: string): autocannon.Request => ({ method: 'GET', path: url, headers });
  const post = (url: string, body: object): autocannon.Request => ({
    method: 'POST',
    path: url,
    headers: jsonHeaders,
    body: JSON.stringify(body),
  });
  const episodeVisit = (n: number) => {
    const episode = content.episodes[n % content.episodes.length]!;
    const start = (i * THUMBS_PER_LIST) % Math.max(1, episode.imageIds.length - THUMBS_PER_LIST);
    return [
      get(`/api/images/episode/${encodeURIComponent(episode.param)}?kind=anime`),
      ...episode.imageIds
        .slice(start, start + THUMBS_PER_LIST)
        .map((id) => get(`/api/images/${id}.jpg?kind=anime&size=thumb`)),
    ];
  };
  return [
    post('/api/search', { query: content.query, content_type: 'all' }),
    post('/api/episodes/', { show_url: content.showUrl }),
    ...episodeVisit(i),
    get('/api/favorites'),
    ...episodeVisit(i + 1),
    get('/api/favorites/stats'),
  ];
}

function run(tokens: string[], content: Content, duration: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: base,
    connections: tokens.length,
    duration,
    // One connection per user: each gets its own token and rotation.
    setupClient: (client) => {
      const i = next++ % tokens.length;
      client.setRequests(browsing(tokens[i]!, i, content));
    },
  });
}

execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
const replica = await startReplica();
const upstreamEnv = {
  ...replica.env(),
  UPSTREAM_PAGE_SPACING: '0ms',
  UPSTREAM_THUMB_SPACING: '0ms',
  UPSTREAM_FULL_SPACING: '0ms',
  UPSTREAM_JITTER: '0ms',
};
const content = await seed(upstreamEnv, replica.pageOrigin);
const app = await startBuiltServer({ dataDir, port, env: { ...replica.env(), ...databaseEnv } });

try {
  const tokens: string[] = [];
  for (let i = 0; i < users; i += 10) {
    const batch = Array.from({ length: Math.min(10, users - i) }, (_, k) => signIn(i + k, content));
    tokens.push(...(await Promise.all(batch)));
  }
  const images = content.episodes.reduce((sum, episode) => sum + episode.imageIds.length, 0);
  console.log(
    `${databaseEnv.DATABASE_URL ? 'Postgres' : 'SQLite'}, ${users} users, ${content.episodes.length} episodes / ${images} cached thumbnails, ` +
      `${browsing('', 0, content).length} calls a round; ${seconds} s after a 5 s warm-up`,
  );
  await run(tokens, content, 5);
  replica.resetCounts();
  const result = await run(tokens, content, seconds);
  const errors = result.errors + result.timeouts + result.non2xx;
  const peakMb =
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${app.child.pid}/status`, 'utf8'))?.[1]) /
    1024;
  console.log(
    `${result.requests.average.toFixed(0)} req/s (${result.requests.total} requests)   ` +
      `p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms`,
  );
  console.log(
    `errors ${errors} (non-2xx ${result.non2xx}, timeouts ${result.timeouts})   server peak RSS ${peakMb.toFixed(0)} MB   upstream requests ${replica.counts().total}`,
  );
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `p99 ${result.latency.p99} ms  target < ${TARGET_P99_MS} ms (${verdict(result.latency.p99 < TARGET_P99_MS)})`,
  );
  console.log(`errors ${errors}  target 0 (${verdict(errors === 0)})`);
} finally {
  app.stop();
  await replica.close();
  rmSync(dataDir, { recursive: true, force: true });
}
