import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import PQueue from 'p-queue';
import { tooManyRequests } from '../errors';

/**
 * Every argon2 call of the process goes through this queue: one at a time, at most
 * `HASH_QUEUE_LIMIT` waiting. argon2 runs on libuv's thread pool, which file reads share; a flood of
 * logins or resets must leave those threads (and the other core) to image and file serving, and a
 * queue past its limit answers 429 at once instead of growing.
 */
const HASH_CONCURRENCY = 1;
export const HASH_QUEUE_LIMIT = 16;
const hashing = new PQueue({ concurrency: HASH_CONCURRENCY });

/** argon2 calls running and waiting now (the flood test watches that the queue holds its bounds). */
export const passwordWork = () => ({ running: hashing.pending, waiting: hashing.size });

function queued<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.size >= HASH_QUEUE_LIMIT) {
    return Promise.reject(tooManyRequests('服务器繁忙，请稍后重试', 1));
  }
  return hashing.add(work);
}

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's recommendation). */
export const hashPassword = (password: string): Promise<string> => queued(() => hash(password));

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return queued(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/** Verifies against a throwaway hash so an unknown email costs the same time as a wrong password. */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** Session and reset tokens: 256 random bits; only their SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export const generatePassword = (): string => `${randomBytes(9).toString('base64url')}Aa1`;
