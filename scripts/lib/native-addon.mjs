// better-sqlite3's compiled addon: built once per version and Node ABI, then reused from npm's
// cache folder by every clone of the same lock (as prebuild-install keeps its binaries there).
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, withProgress } from './process.mjs';

/** Where the addon lives inside a clone, as `require('better-sqlite3')` loads it. */
export const addonPath = (root) =>
  path.join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');

/** The kept copy: npm's cache folder (`npm_config_cache`, set under npm), keyed by what it fits. */
function keptPath(root) {
  const manifest = path.join(root, 'node_modules/better-sqlite3/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  const cache = process.env.npm_config_cache || path.join(os.homedir(), '.npm');
  const fits = `${version}-abi${process.versions.modules}-${process.platform}-${process.arch}`;
  return path.join(cache, '_capshelf', `better_sqlite3-${fits}.node`);
}

/** Copies under a temporary name and renames, so a copy cut short is never taken for whole. */
async function copyWhole(from, to) {
  await mkdir(path.dirname(to), { recursive: true });
  const partial = `${to}.${process.pid}.partial`;
  try {
    await copyFile(from, partial);
    await rename(partial, to);
    return true;
  } catch {
    await rm(partial, { force: true });
    return false;
  }
}

/** Whether the addon in place opens a database (a damaged copy does not). */
const addonWorks = async (root) =>
  (await run(
    process.execPath,
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('SELECT 1').get()"],
    { cwd: root, stdio: 'ignore' },
  )) === 0;

/**
 * Puts the addon in place: the kept copy when it loads, else a compile (1½ minutes of one core;
 * no prebuilt binary is reachable here), then kept for the next clone.
 */
export async function buildNativeAddon(root, launch) {
  const kept = keptPath(root);
  const target = addonPath(root);
  if (existsSync(kept) && (await copyWhole(kept, target)) && (await addonWorks(root))) return;
  console.log('Compiling better-sqlite3 (no prebuilt binary here): 1½ minutes of one core, once…');
  const compile = run('npm', ['rebuild', 'better-sqlite3'], { cwd: root }, launch);
  if ((await withProgress('compiling better-sqlite3', compile)) !== 0)
    throw new Error('npm rebuild better-sqlite3 failed');
  await copyWhole(target, kept);
}
