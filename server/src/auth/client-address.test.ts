import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keeps an IPv4 address and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, and different /64s apart', () => {
    const keys = ['2001:db8::1', '2001:db8:0:0:ffff:1:2:3', '2001:0db8:0000:0000::1e'].map(
      addressKey,
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8:0:0::/64']));
    expect(addressKey('2001:db8:0:1::1')).not.toBe(addressKey('2001:db8::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
