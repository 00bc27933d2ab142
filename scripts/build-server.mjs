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
  outdir: path.join(root, 'server/dist'),
  outExtension: { '.js': '.mjs' },
  // What the server imports only when a setting asks for it (the S3 store and its SDK) stays in a
  // chunk of its own, loaded then: a local install never loads the SDK (~19 MB) at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
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
// scripts beside a build) reads the old bundle or the new one, never half of one. Chunks first (by
// content hash, so a new one never replaces an old one in use), the entry that imports them last.
const isChunk = (file) => file.path.includes(`${path.sep}chunks${path.sep}`);
const ordered = [...outputFiles.filter(isChunk), ...outputFiles.filter((file) => !isChunk(file))];
for (const file of ordered) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(`${file.path}.${process.pid}.tmp`, file.contents);
  renameSync(`${file.path}.${process.pid}.tmp`, file.path);
}
