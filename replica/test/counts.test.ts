import { describe, expect, it, beforeEach } from 'vitest';
import { KEY_IDS, episodeById, replicaControl, showById, showPath } from '../src';
import { useReplica } from './helpers';

const replica = useReplica();

beforeEach(() => replica().resetCounts());

describe('request counts', () => {
  it('count per host and per request target', async () => {
    const show = showById(KEY_IDS.longShow)!;
    const imageId = episodeById(KEY_IDS.bigEpisode)!.imageIds[0]!;
    await fetch(replica().pageOrigin + showPath(show, 2));
    await fetch(replica().pageOrigin + showPath(show, 2));
    await fetch(`${replica().hostOrigins.ant}/${imageId}.jpg`);
    await fetch(`${replica().hostOrigins.ant}/1.jpg`);
    const counts = replica().counts();
    expect(counts.total).toBe(4);
    expect(counts.hosts.pages).toBe(2);
    expect(counts.hosts.ant).toBe(2);
    expect(counts.hosts.cdni).toBe(0);
    expect(counts.targets.pages).toEqual({ [showPath(show, 2)]: 2 });
    expect(counts.targets.ant).toEqual({ [`/${imageId}.jpg`]: 1, '/1.jpg': 1 });
    expect(counts.requests.map(({ host, target }) => `${host}${target}`)).toEqual([
      `pages${showPath(show, 2)}`,
      `pages${showPath(show, 2)}`,
      `ant/${imageId}.jpg`,
      'ant/1.jpg',
    ]);
    const times = counts.requests.map((request) => request.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.abs(times[0]! - Date.now())).toBeLessThan(10_000);
  });

  it('count faulted requests but not control requests', async () => {
    replica().setFault('pages', { type: 'rate-limit', times: 1 });
    await fetch(`${replica().pageOrigin}/search.php?q=x`);
    const control = replicaControl(replica().pageOrigin);
    const counts = await control.counts();
    expect(counts.total).toBe(1);
    expect(counts.targets.pages).toEqual({ '/search.php?q=x': 1 });
  });

  it('reset locally and over HTTP', async () => {
    await fetch(`${replica().pageOrigin}/search.php`);
    replica().resetCounts();
    expect(replica().counts().total).toBe(0);
    await fetch(`${replica().pageOrigin}/search.php`);
    await replicaControl(replica().pageOrigin).resetCounts();
    expect(replica().counts().total).toBe(0);
  });
});
