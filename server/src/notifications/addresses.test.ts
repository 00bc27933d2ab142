import { describe, expect, it } from 'vitest';
import { TargetPolicy } from './addresses';

describe('webhook address policy', () => {
  const none = new TargetPolicy([]);

  it('allows public addresses and refuses every internal or special range', () => {
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(none.allowsAddress(address), address).toBe(true);
    }
    for (const address of [
      ...['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1'],
      ...['169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255'],
      ...['192.0.2.1', '198.18.0.1'],
      ...['::', '::1', 'fd00::1', 'fc00::1', 'fe80::1', 'ff02::1', '2001:db8::1'],
      ...[
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '::ffff:10.0.0.1',
        '64:ff9b::a9fe:a9fe',
        '::127.0.0.1',
        // SIIT's IPv4-translated form and local-use NAT64 carry internal addresses too.
        '::ffff:0:7f00:1',
        '::ffff:0:a00:1',
        '64:ff9b:1::a00:1',
      ],
    ]) {
      expect(none.allowsAddress(address), address).toBe(false);
    }
  });

  it('allows what the admin lists: addresses, CIDR blocks (v4 and v6) and host names', () => {
    const policy = new TargetPolicy(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'Ntfy.LAN']);
    expect(policy.allowsAddress('127.0.0.1')).toBe(true);
    expect(policy.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(policy.allowsAddress('127.0.0.2')).toBe(false);
    expect(policy.allowsAddress('10.20.30.40')).toBe(true);
    expect(policy.allowsAddress('fd12::1')).toBe(true);
    expect(policy.allowsAddress('192.168.0.1')).toBe(false);
    expect(policy.allowsName('ntfy.lan')).toBe(true);
    expect(policy.allowsName('ntfy.lan.')).toBe(true);
    expect(policy.allowsName('other.lan')).toBe(false);
  });
});
