import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnServer, startServerProcess } from './support/server-process';
import { writeTinyTagger } from './support/tiny-tagger';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-tagger-start-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Whether the process has ONNX Runtime's native library mapped (it was imported). */
const runtimeLoaded = (pid: number) =>
  readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libonnxruntime');

describe('the tagger at start-up (the real server process)', () => {
  it('without TAGGER_MODEL nothing of onnxruntime is loaded; with it, the model is loaded before the server answers', async () => {
    const plain = await startServerProcess(path.join(dir, 'plain'));
    try {
      expect(runtimeLoaded(plain.child.pid!)).toBe(false);
    } finally {
      await plain.stop();
    }
    const files = await writeTinyTagger(dir);
    const tagged = await startServerProcess(path.join(dir, 'tagged'), {
      TAGGER_MODEL: files.model,
      TAGGER_TAGS: files.labels,
      LOG_LEVEL: 'info',
    });
    try {
      expect(runtimeLoaded(tagged.child.pid!)).toBe(true);
      // The log says which model tags (its short name and file) and with how many tags.
      const line = tagged
        .output()
        .split('\n')
        .map((text) => (text.startsWith('{') ? JSON.parse(text) : {}))
        .find((entry) => String(entry.msg).startsWith('tagger on'));
      expect(line).toMatchObject({ msg: 'tagger on: tagger, 6 tags', model: files.model, tags: 6 });
      expect(plain.output()).not.toContain('tagger on');
    } finally {
      await tagged.stop();
    }
  }, 60_000);

  it('a tag list that does not fit the model stops the start with a plain message, not a stack', async () => {
    const files = await writeTinyTagger(dir);
    const short = path.join(dir, 'short.csv');
    await writeFile(short, 'tag_id,name,category,count\n1,only_one,0,5\n');
    const server = await spawnServer(path.join(dir, 'data'), {
      TAGGER_MODEL: files.model,
      TAGGER_TAGS: short,
    });
    const code =
      server.child.exitCode ??
      (await new Promise<number | null>((resolve) => server.child.once('exit', resolve)));
    expect(code).toBe(1);
    expect(server.output()).toContain(
      'capshelf failed to start: Invalid configuration:\n  - TAGGER_TAGS: 1 tags, but the model gives 6 scores',
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it("onnxruntime-node's install script fetches nothing: npm is told not to run it, and it can be told to skip", () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(manifest.allowScripts['onnxruntime-node']).toBe(false);
    const script = path.join(root, 'node_modules/onnxruntime-node/script/install.js');
    const spy = path.join(import.meta.dirname, 'support/network-spy.mjs');
    const install = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', pathToFileURL(spy).href, script], {
        env: { PATH: process.env.PATH ?? '', ...env },
        encoding: 'utf8',
        timeout: 30_000,
      });
    // An npm without allowScripts runs it; docs/datasets.md says to set this for a bare `npm ci`.
    const skipped = install({ ONNXRUNTIME_NODE_INSTALL: 'skip' });
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).not.toContain('NETWORK ATTEMPT');
    // Without the flag it would reach for the CUDA libraries on NuGet (refused here).
    expect(install({}).stderr).toContain('NETWORK ATTEMPT api.nuget.org');
  });
});
