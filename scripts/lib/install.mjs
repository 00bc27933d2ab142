import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { addonPath, buildNativeAddon } from './native-addon.mjs';
import { findPostgresBin } from './postgres.mjs';
import { isRoot, run } from './process.mjs';

export const root = path.resolve(import.meta.dirname, '../..');

const NATIVE_ADDON = addonPath(root);

/**
 * Installs the locked dependencies when node_modules is missing or older than the lock file, or
 * better-sqlite3's addon is missing. Resolves once everything but that addon is in place, with a
 * promise for the addon (`native-addon.mjs`): compiling it is a minute of one core that lint,
 * type checks and builds, which never load it, need not wait for.
 * `launch` spawns npm (the start scripts pass one that puts it in a process group they stop).
 */
export async function installDependencies(launch) {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const current = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (current && existsSync(NATIVE_ADDON)) return { nativeAddon: Promise.resolve() };
  if (!current) {
    console.log(
      'Installing dependencies (npm ci; the first run compiles better-sqlite3, about a minute)…',
    );
    const code = await run(
      'npm',
      ['ci', '--no-audit', '--no-fund', '--ignore-scripts'],
      { cwd: root },
      launch,
    );
    if (code !== 0) throw new Error('npm ci failed');
    // esbuild's own check is quick, and the builds need it.
    if ((await run('npm', ['rebuild', 'esbuild'], { cwd: root }, launch)) !== 0)
      throw new Error('npm rebuild esbuild failed');
  }
  const nativeAddon = buildNativeAddon(root, launch);
  // Awaited by whoever needs the database; never an unhandled rejection meanwhile.
  nativeAddon.catch(() => {});
  return { nativeAddon };
}

/** Installs every locked dependency, the native addon included. */
export async function ensureDependencies(launch) {
  await (
    await installDependencies(launch)
  ).nativeAddon;
}

export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian packages (as root only); resolves whether apt-get succeeded. */
async function aptInstall(pkg) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (
    (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
    (await run('apt-get', ['install', '-y', '-qq', pkg], { env })) === 0
  );
}

/**
 * End-to-end tests drive Debian's Chromium; as root we install it. Resolves false (the tier is then
 * counted as skipped) when it is missing and cannot be installed here, with a line saying how.
 */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (!isRoot()) {
    console.log('NOTICE: Chromium is missing: run `sudo apt-get install -y chromium`.');
    return false;
  }
  console.log('Installing Debian chromium for the end-to-end tests…');
  if (!(await aptInstall('chromium'))) throw new Error('apt-get install chromium failed');
  return true;
}

/**
 * The Postgres pass needs initdb/pg_ctl; as root we install Debian's `postgresql`, as for
 * Chromium. Resolves false when they are missing and cannot be installed here.
 */
export async function ensurePostgres() {
  if (findPostgresBin()) return true;
  if (!isRoot()) {
    console.log('NOTICE: no Postgres binaries: run `sudo apt-get install -y postgresql`.');
    return false;
  }
  console.log('Installing Debian postgresql for the Postgres pass…');
  if (!(await aptInstall('postgresql')) || !findPostgresBin())
    throw new Error('apt-get install postgresql failed');
  return true;
}

/** Whether `command` is on PATH. */
function onPath(command) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, command)));
}

/**
 * Server tests check the ZIPs they write with Info-ZIP `unzip` (a second, independent reader); as
 * root we install it, as for Chromium. Resolves false when it is missing and cannot be installed
 * here: those tests then fail with ENOENT, which the NOTICE explains.
 */
export async function ensureUnzip() {
  if (onPath('unzip')) return true;
  if (!isRoot()) {
    console.log('NOTICE: Info-ZIP unzip is missing: run `sudo apt-get install -y unzip`.');
    return false;
  }
  console.log('Installing Debian unzip for the server tests…');
  if (!(await aptInstall('unzip')) || !onPath('unzip'))
    throw new Error('apt-get install unzip failed');
  return true;
}

export function packageVersion() {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}
