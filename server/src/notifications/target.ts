import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { TargetPolicy } from './addresses';

/** Resolves a host name to every address it has (`dns.lookup` by default; tests swap it). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

const RESOLVE_TIMEOUT_MS = 5000;

/** Why a webhook address is refused (the page shows it; it is the 400's detail). */
export class TargetRefused extends Error {}

/** A webhook address checked and pinned: the request connects to `address` and nowhere else. */
export interface PinnedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The URL as a webhook takes it: http or https, no credentials, a host. */
export function parseWebhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetRefused('Webhook 地址无效');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetRefused('Webhook 地址只能是 http 或 https');
  }
  if (url.username || url.password) throw new TargetRefused('Webhook 地址不能包含用户名或密码');
  return url;
}

/**
 * Resolves the webhook's host once and checks every address it has: all must be public (or
 * allowed by the admin), so the address connected to is the one checked — a name that answers
 * differently on the next lookup (DNS rebinding) gains nothing. Throws TargetRefused.
 */
export async function pinTarget(
  text: string,
  policy: TargetPolicy,
  resolve: Resolver,
): Promise<PinnedTarget> {
  const url = parseWebhookUrl(text);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await withTimeout(resolve(host), host);
  const first = addresses[0];
  if (!first) throw new TargetRefused(`无法解析 ${host}`);
  if (!policy.allowsName(host)) {
    const refused = addresses.find((a) => !policy.allowsAddress(a.address));
    if (refused) {
      throw new TargetRefused(
        `Webhook 地址 ${host} 指向内部地址 ${refused.address}，不允许发送（管理员可在 NOTIFY_ALLOWED_HOSTS 中放行）`,
      );
    }
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

async function withTimeout<T>(work: Promise<T>, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TargetRefused(`解析 ${host} 超时`)), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, late]);
  } catch (error) {
    if (error instanceof TargetRefused) throw error;
    throw new TargetRefused(`无法解析 ${host}`);
  } finally {
    clearTimeout(timer);
  }
}
