// Bundles the server into server/dist/main.mjs for `npm start`: plain Node loads it faster and in
// far less memory than the TypeScript loader used in development. Packages from node_modules stay
// external (native modules among them); the workspace's own TypeScript (contract/) is bundled.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'server/package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter(
  (name) => !name.startsWith('@capshelf/'),
);

const { outputFiles } = await build({
  entryPoints: [path.join(root, 'server/src/main.ts')],
  outfile: path.join(root, 'server/dist/main.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  write: false,
});
// Each file under a temporary name, then renamed: a server starting meanwhile (a test of the start
// scripts beside a build) reads the old bundle or the new one, never half of one.
for (const file of outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(`${file.path}.${process.pid}.tmp`, file.contents);
  renameSync(`${file.path}.${process.pid}.tmp`, file.path);
}
