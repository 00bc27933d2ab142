// One of several processes counting attempts against one limit in one SQLite file:
// `node --import tsx limiter-process.ts <file> <key> <max> <attempts>`. It prints "ready" once
// connected, waits for a line on stdin (so the processes start together), makes its attempts one
// after another (in one process nothing interleaves: only the other process can) and prints how
// many were let through.
import { createInterface } from 'node:readline';
import { connectDb } from '../../src/db';
import { RateLimits } from '../../src/auth/rate-limits';

const [file, key, max, attempts] = process.argv.slice(2) as [string, string, string, string];
const db = connectDb({ sqlitePath: file });
const limits = new RateLimits(db.kysely);
console.log('ready');
await new Promise((resolve) => createInterface({ input: process.stdin }).once('line', resolve));
let allowed = 0;
for (let i = 0; i < Number(attempts); i++)
  if ((await limits.hit(key, Number(max), 60_000)) === 0) allowed++;
console.log(`allowed ${allowed}`);
await db.close();
