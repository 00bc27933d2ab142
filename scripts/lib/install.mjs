import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isRoot, run } from './process.mjs';

export const root = path.resolve(import.meta.dirname, '../..');

/** Installs the locked dependencies when node_modules is missing or older than the lock file. */
export async function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log(
    'Installing dependencies (npm ci; the first run compiles better-sqlite3, about 2 minutes)…',
  );
  const code = await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root });
  if (code !== 0) throw new Error('npm ci failed');
}

export const CHROMIUM = '/usr/bin/chromium';

/** End-to-end tests drive Debian's Chromium; as root we install it, otherwise we say how. */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (!isRoot()) {
    throw new Error('Chromium is missing: run `sudo apt-get install -y chromium` and try again.');
  }
  console.log('Installing Debian chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0
  ) {
    throw new Error('apt-get install chromium failed');
  }
}

export function packageVersion() {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}
