import path from 'node:path';
import { root } from './install.mjs';

/**
 * How the built server is run. A 1 MB young generation keeps memory flat while large ZIPs and
 * images stream through (the default 16 MB semi-spaces let RSS climb ~90 MB during a 1 GB task);
 * scavenges stay cheap at that size (see bench/zip.ts and bench/images.ts). No
 * `--enable-source-maps`: it holds the bundle's map in memory from the start (6–13 MB of a ~125 MB
 * idle server, bench/README.md); the bundle is not minified, so a stack trace still names each
 * function, and `NODE_OPTIONS=--enable-source-maps npm start` maps it to the sources when debugging.
 */
export const SERVER_ARGS = ['--max-semi-space-size=1', path.join(root, 'server/dist/main.mjs')];
