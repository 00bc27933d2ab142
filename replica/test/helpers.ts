import { afterAll, beforeAll } from 'vitest';
import * as cheerio from 'cheerio';
import { startReplica, type Replica } from '../src';

/** Starts one replica for the calling test file and closes it afterwards. */
export function useReplica(): () => Replica {
  let replica: Replica | undefined;
  beforeAll(async () => {
    replica = await startReplica();
  });
  afterAll(async () => {
    await replica?.close();
  });
  return () => replica!;
}

export async function fetchPage(
  url: string,
): Promise<{ status: number; $: cheerio.CheerioAPI; html: string }> {
  const response = await fetch(url);
  const html = await response.text();
  return { status: response.status, $: cheerio.load(html), html };
}

/** Numeric basename of a thumbnail src or the id after `picture.php?/` / `imageid=`. */
export function idOf(url: string | undefined): number {
  const match = /(?:\/(\d+)\.jpg|\?\/(\d+)|imageid=(\d+))$/.exec(url ?? '');
  return Number(match?.[1] ?? match?.[2] ?? match?.[3]);
}
