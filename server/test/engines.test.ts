import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    name?: string;
    version?: string;
    engines?: { node?: string };
  };

/** Every installed package (nested ones too), with the Node range it asks for. */
function installedEngines(dir: string, found: string[][] = []): string[][] {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const where = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installedEngines(where, found);
      continue;
    }
    const manifest = path.join(where, 'package.json');
    if (existsSync(manifest)) {
      const { name, version, engines } = readJson(manifest);
      if (engines?.node) found.push([`${name}@${version}`, engines.node]);
    }
    installedEngines(path.join(where, 'node_modules'), found);
  }
  return found;
}

describe('Node versions', () => {
  it('every installed dependency accepts the oldest Node the project supports (no EBADENGINE)', () => {
    const supported = readJson(path.join(root, 'package.json')).engines!.node!;
    const oldest = semver.minVersion(supported)!.version;
    const folders = ['.', 'contract', 'server', 'web', 'replica', 'bench'];
    const refusing = folders
      .flatMap((folder) => installedEngines(path.join(root, folder, 'node_modules')))
      .filter(([, range]) => !semver.satisfies(oldest, range!, { includePrerelease: true }))
      .map(([pkg, range]) => `${pkg} wants Node ${range}`);
    expect(refusing, `Node ${oldest} (engines: ${supported})`).toEqual([]);
  });

  it('names in the README the Node the project supports', () => {
    const supported = readJson(path.join(root, 'package.json')).engines!.node!;
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(
      `Node.js ${semver.minVersion(supported)!.version.replace(/\.0$/, '')}`,
    );
  });
});
