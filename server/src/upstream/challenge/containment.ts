import { readdirSync, readFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';

/** Cloudflare serves the Turnstile widget from here (https only); the challenge is the site's. */
export const CHALLENGE_HOSTS = new Set(['challenges.cloudflare.com']);

/**
 * Every request the solver's browser makes goes through here: the source site's own hosts (as
 * the paced client allows them) and Cloudflare's challenge host pass; anything else (other local
 * ports, private addresses, third parties, WebSockets) is aborted before it leaves the browser.
 */
export async function allowOnly(
  context: BrowserContext,
  isSourceHost: (url: URL) => boolean,
): Promise<void> {
  const allowed = (href: string) => {
    const url = new URL(href);
    if (url.protocol === 'https:' && CHALLENGE_HOSTS.has(url.host)) return true;
    return (url.protocol === 'http:' || url.protocol === 'https:') && isSourceHost(url);
  };
  await context.route('**/*', (route) =>
    allowed(route.request().url()) ? route.fallback() : route.abort('blockedbyclient'),
  );
  // Never connected to the server: the socket is closed from the browser's side at once.
  await context.routeWebSocket(
    () => true,
    (socket) => socket.close(),
  );
}

/** `/proc/<pid>/stat` as [pid, parent pid, resident pages]; null once the process is gone. */
function stat(pid: string): [number, number, number] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; fields after it are plain.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return [Number(pid), Number(fields[1]), Number(fields[21])];
  } catch {
    return null;
  }
}

const PAGE_BYTES = 4096;

/**
 * A process's proportional share of memory (PSS: a page shared by n processes counts 1/n to
 * each), so the browser's processes, which share most of Chromium's own pages, are not counted
 * several times over; its resident size where PSS cannot be read.
 */
function proportionalBytes(pid: number, residentPages: number): number {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kib = /^Pss:\s+(\d+) kB$/m.exec(rollup)?.[1];
    if (kib !== undefined) return Number(kib) * 1024;
  } catch {
    // Gone, or not ours to read: fall back to its resident pages.
  }
  return residentPages * PAGE_BYTES;
}

/** Memory of a process and all its descendants, in bytes (Linux /proc; PSS, shared pages split). */
export function treeResidentBytes(root: number): { bytes: number; pids: number[] } {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(stat)
    .filter((entry) => entry !== null);
  const children = new Map<number, number[]>();
  for (const [pid, parent] of all) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const resident = new Map(all.map(([pid, , pages]) => [pid, pages]));
  const pids: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (!resident.has(pid)) continue;
    pids.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  const bytes = pids.reduce((sum, pid) => sum + proportionalBytes(pid, resident.get(pid)!), 0);
  return { bytes, pids };
}

/** Kills the browser's process group and any descendant that left it. */
export function killTree(root: number): void {
  const { pids } = treeResidentBytes(root);
  for (const target of [-root, ...pids]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Watches the browser's resident memory (all its processes) and calls `exceeded` once it passes
 * the ceiling; the caller kills it. Stop with the returned function.
 */
export function watchMemory(
  root: number,
  ceilingBytes: number,
  exceeded: (bytes: number) => void,
  everyMs = 200,
): () => void {
  const timer = setInterval(() => {
    const { bytes } = treeResidentBytes(root);
    if (bytes > ceilingBytes) {
      clearInterval(timer);
      exceeded(bytes);
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
