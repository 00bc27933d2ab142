import { BlockList, isIP } from 'node:net';

/**
 * Blocks no webhook may reach unless the admin allows them: this host, private networks and
 * every other special-purpose range (IANA's registries), so a user cannot make the server call
 * an internal service. IPv4-mapped and NAT64 IPv6 addresses are judged by their IPv4 address.
 */
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const NOT_PUBLIC_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT, ::ffff:0:a.b.c.d): carries an IPv4 address of any kind
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (carries an IPv4 address of any kind)
  ['fc00::', 7], // ULA
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
];

const notPublic = new BlockList();
for (const [net, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) address. */
function embeddedV4(address: string): string | null {
  const match =
    /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
      address,
    );
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Where webhooks may go: public addresses, plus the hosts and blocks of `NOTIFY_ALLOWED_HOSTS`. */
export class TargetPolicy {
  private readonly names = new Set<string>();
  private readonly blocks = new BlockList();

  /** `allowed`: host names and addresses or CIDR blocks (v4 and v6), as the setting lists them. */
  constructor(allowed: string[]) {
    for (const entry of allowed) {
      const [address = '', prefix] = entry.split('/');
      const version = isIP(address);
      const type = version === 6 ? 'ipv6' : 'ipv4';
      if (version === 0) this.names.add(entry.toLowerCase().replace(/\.$/, ''));
      else if (prefix === undefined) this.blocks.addAddress(address, type);
      else this.blocks.addSubnet(address, Number(prefix), type);
    }
  }

  /** A host name the admin listed: any address it resolves to is allowed. */
  allowsName(host: string): boolean {
    return this.names.has(host.toLowerCase().replace(/\.$/, ''));
  }

  /** A public address, or one in an allowed block. */
  allowsAddress(address: string): boolean {
    const v4 = embeddedV4(address);
    const [value, type] = v4
      ? [v4, 'ipv4' as const]
      : [address, isIP(address) === 6 ? ('ipv6' as const) : ('ipv4' as const)];
    if (this.blocks.check(value, type) || this.blocks.check(address, type)) return true;
    return !notPublic.check(value, type);
  }
}
