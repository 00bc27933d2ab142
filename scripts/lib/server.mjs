import path from 'node:path';
import { root } from './install.mjs';

/**
 * How the built server is run. A 1 MB young generation keeps memory flat while large ZIPs and
 * images stream through (the default 16 MB semi-spaces let RSS climb ~90 MB during a 1 GB task);
 * scavenges stay cheap at that size (see bench/zip.ts and bench/images.ts).
 */
export const SERVER_ARGS = [
  '--enable-source-maps',
  '--max-semi-space-size=1',
  path.join(root, 'server/dist/main.mjs'),
];
