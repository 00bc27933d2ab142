import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A share's own key: signs its image addresses and its visitors' grants. */
export const newSignKey = (): string => randomBytes(32).toString('base64url');

function mac(key: string, message: string): Buffer {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(message).digest();
}

export const sign = (key: string, message: string): string =>
  mac(key, message).toString('base64url');

/** Whether `signature` is the key's for `message` (in constant time). */
export function signedBy(key: string, message: string, signature: string): boolean {
  const expected = mac(key, message);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A signed `<expiry>.<signature>` of `purpose` that lasts `ttlMs`. */
export function grant(key: string, purpose: string, now: number, ttlMs: number): string {
  const exp = Math.floor((now + ttlMs) / 1000);
  return `${exp}.${sign(key, `${purpose}:${exp}`)}`;
}

/** When a grant runs out, in seconds since the epoch. */
export const grantExpiry = (value: string): number => Number(value.split('.')[0]);

export function grantHolds(key: string, purpose: string, value: string, now: number): boolean {
  const [exp, signature] = value.split('.');
  if (!exp || !signature || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now) return false;
  return signedBy(key, `${purpose}:${exp}`, signature);
}
