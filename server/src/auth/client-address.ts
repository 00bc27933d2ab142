import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key per-address limits count a client under. An IPv4 address is itself (an IPv4-mapped IPv6
 * address, `::ffff:1.2.3.4`, is that IPv4 address); an IPv6 address counts as its /64, since one
 * home connection is handed a whole /64 and could otherwise take a fresh address per attempt.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded, each without leading zeros. */
function ipv6Groups(address: string): string[] {
  const bare = address.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
