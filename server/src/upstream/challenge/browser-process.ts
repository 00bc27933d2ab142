import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killTree } from './containment';

/** Profiles live here as `capshelf-solver-<server pid>-<random>`; a dead server's are swept. */
const PROFILE_PREFIX = 'capshelf-solver-';
const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;
const SETPRIV = '/usr/bin/setpriv';

/** Who the browser runs as: the server's own user, or (when that is root) an unprivileged one. */
export interface BrowserUser {
  uid: number;
  gid: number;
}

/** A running solver browser: its DevTools endpoint, its process, and how to end it all. */
export interface BrowserProcess {
  wsEndpoint: string;
  pid: number;
  /** Kills the browser's process group and removes its profile. */
  close(): Promise<void>;
}

/**
 * The user the browser runs as. As root, Chromium's sandbox is refused and the browser could
 * read everything the server can: it runs as `nobody` instead (overridable for tests), with its
 * sandbox. Otherwise, as the server's own user.
 */
export async function browserUser(name = 'nobody'): Promise<BrowserUser | null> {
  if (process.getuid?.() !== 0) return null;
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const entry = passwd.split('\n').find((line) => line.startsWith(`${name}:`));
  const [, , uid, gid] = entry?.split(':') ?? [];
  if (uid === undefined || gid === undefined) return null;
  return { uid: Number(uid), gid: Number(gid) };
}

/** Removes profiles that servers no longer running left behind (a SIGKILL skips every cleanup). */
export async function sweepProfiles(root = os.tmpdir()): Promise<number> {
  const names = await readdir(root).catch(() => [] as string[]);
  let swept = 0;
  for (const name of names) {
    if (!name.startsWith(PROFILE_PREFIX)) continue;
    const owner = Number(name.slice(PROFILE_PREFIX.length).split('-')[0]);
    if (Number.isInteger(owner) && owner > 0 && alive(owner)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    swept += 1;
  }
  return swept;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Starts Chromium headless in its own process group, with a private profile (owned by the
 * browser's user, removed on close, swept after a crash) and DevTools on a loopback port, and
 * waits for its endpoint. With a user to switch to, it runs as that user with Chromium's sandbox;
 * without one it tries the sandbox and falls back to `--no-sandbox` only where the kernel offers
 * none.
 */
export async function startBrowser(options: {
  executablePath: string;
  args: string[];
  user: BrowserUser | null;
  timeoutMs: number;
  profileRoot?: string;
}): Promise<BrowserProcess> {
  const root = options.profileRoot ?? os.tmpdir();
  await sweepProfiles(root);
  const profile = await mkdtemp(path.join(root, `${PROFILE_PREFIX}${process.pid}-`));
  if (options.user) await chown(profile, options.user.uid, options.user.gid);
  const removeProfile = () => rm(profile, { recursive: true, force: true });
  try {
    const started = await launch(options, profile, true).catch(async (error: unknown) => {
      if (options.user || !String(error).includes('sandbox')) throw error;
      return launch(options, profile, false);
    });
    return {
      ...started,
      close: async () => {
        killTree(started.pid);
        await removeProfile();
      },
    };
  } catch (error) {
    await removeProfile();
    throw error;
  }
}

async function launch(
  options: { executablePath: string; args: string[]; user: BrowserUser | null; timeoutMs: number },
  profile: string,
  sandbox: boolean,
): Promise<Omit<BrowserProcess, 'close'>> {
  const { user } = options;
  // setpriv (util-linux) drops to the browser's user and has the kernel kill the browser when the
  // server dies, even by SIGKILL: nothing is left running that no one watches.
  const child = spawn(
    SETPRIV,
    [
      ...(user ? [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups'] : []),
      '--pdeathsig=KILL',
      '--',
      options.executablePath,
      ...options.args,
      ...(sandbox ? [] : ['--no-sandbox']),
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      // Nothing of the server's environment (its secrets) reaches the browser.
      env: { HOME: profile, PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: profile },
    },
  );
  try {
    const wsEndpoint = await endpointOf(child, options.timeoutMs);
    return { wsEndpoint, pid: child.pid! };
  } catch (error) {
    if (child.pid) killTree(child.pid);
    throw error;
  }
}

/** The DevTools endpoint Chromium prints on stderr, or why it never did. */
function endpointOf(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error('Chromium did not start in time')), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.on('error', fail);
    child.on('exit', (code) =>
      fail(new Error(`Chromium exited (${code}): ${output.slice(-500).trim()}`)),
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      const found = DEVTOOLS_LINE.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        // Its later messages are of no use; reading on keeps its pipe from filling.
        child.stderr!.resume();
        resolve(found);
      }
    });
  });
}
