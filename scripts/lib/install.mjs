import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { addonPath, buildNativeAddon } from './native-addon.mjs';
import { findPostgresBin } from './postgres.mjs';
import { isRoot, run, withProgress } from './process.mjs';

export const root = path.resolve(import.meta.dirname, '../..');

const NATIVE_ADDON = addonPath(root);

/** `npm ci` with no install script run (the start scripts build what needs building), then esbuild's. */
async function installLocked(launch) {
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

/**
 * Installs the locked dependencies when node_modules is missing or older than the lock file, or
 * better-sqlite3's addon is missing. Resolves once everything but that addon is in place, with a
 * promise for the addon (`native-addon.mjs`): compiling it is 1½ minutes of one core that lint,
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
      'Installing dependencies (npm ci, then compiling better-sqlite3 once): about 2½ minutes ' +
        'on a 2-core machine, far longer when it is busy. A line every 15 s says it is going on.',
    );
    await withProgress('installing (npm ci)', installLocked(launch));
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

/** Installs Debian packages (as root only); resolves whether apt-get succeeded. */
async function aptInstall(pkg) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (
    (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
    (await run('apt-get', ['install', '-y', '-qq', pkg], { env })) === 0
  );
}

/**
 * Installs Debian's `pkg` (as root) unless `present()` already holds. Resolves false when it is
 * missing and cannot be installed here, with a line saying how; throws when apt-get fails.
 */
async function ensurePackage(pkg, present, purpose) {
  if (present()) return true;
  if (!isRoot()) {
    console.log(`NOTICE: ${pkg} is missing (${purpose}): run \`sudo apt-get install -y ${pkg}\`.`);
    return false;
  }
  console.log(`Installing Debian ${pkg} for ${purpose}…`);
  if (!(await aptInstall(pkg)) || !present()) throw new Error(`apt-get install ${pkg} failed`);
  return true;
}

/** The server's challenge solver, and its tests, drive the full browser. */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * The end-to-end specs drive Chromium's headless shell (Debian's `chromium-headless-shell`, the
 * same build without the desktop browser around it, as Playwright's own headless runs do): the
 * same pages for about 40 % less CPU. `web/e2e/playwright.config.ts` falls back to the full
 * browser where only that is installed.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Resolves whether the end-to-end specs have a browser (they are counted as skipped without
 * one); installs both as root.
 */
export async function ensureChromium() {
  const full = await ensurePackage('chromium', () => existsSync(CHROMIUM), 'the challenge solver');
  const shell = await ensurePackage(
    'chromium-headless-shell',
    () => existsSync(CHROMIUM_HEADLESS_SHELL),
    'the end-to-end tests',
  );
  return full || shell;
}

/** The Postgres pass needs initdb/pg_ctl. */
export const ensurePostgres = () =>
  ensurePackage('postgresql', () => Boolean(findPostgresBin()), 'the Postgres pass');

/** Whether `command` is on PATH. */
function onPath(command) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, command)));
}

/**
 * Server tests check the ZIPs they write with Info-ZIP `unzip` (a second, independent reader).
 * Without it those tests fail with ENOENT, which the NOTICE explains.
 */
export const ensureUnzip = () => ensurePackage('unzip', () => onPath('unzip'), 'the ZIP tests');

export function packageVersion() {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
}
