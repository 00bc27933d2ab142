import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/**
 * yazl computes each entry's CRC-32 with the `buffer-crc32` package in JavaScript (~0.3 GB/s here),
 * which made a store-only archive slower than `zip -0`. Node has had a native CRC-32 since 20.15
 * (~4 GB/s); this points yazl's copy of the package at it. Same inputs, same results (the download
 * tests check every entry's CRC against the data).
 */
const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as {
  unsigned(buffer: Buffer, previous?: number): number;
};

bufferCrc32.unsigned = (buffer: Buffer, previous?: number) => crc32(buffer, previous ?? 0);
