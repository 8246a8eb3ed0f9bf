import { describe, expect, it } from 'vitest';
import { clientAddressOf, throttleAddress } from './client-address';

describe('client address for throttling', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and counts IPv6 by its /64', () => {
    expect(throttleAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(throttleAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('[2001:db8:1:2:bbbb::7]')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('  ')).toBe('unknown');
  });

  it('answers an address asked again the same way, also after many others and for text too long to remember', () => {
    expect(throttleAddress('::ffff:198.51.100.8')).toBe('198.51.100.8');
    for (let i = 0; i < 5_000; i++) throttleAddress(`2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::1`);
    expect(throttleAddress('::ffff:198.51.100.8')).toBe('198.51.100.8');
    expect(throttleAddress('2001:db8:13:87::1')).toBe('2001:db8:13:87::/64');
    const long = `not an address ${'x'.repeat(200)}`;
    expect(throttleAddress(long)).toBe(long.slice(0, 100));
    expect(throttleAddress(long)).toBe(long.slice(0, 100));
  });

  it("takes the trusted header's last entry (the one the edge appended), else the connection", () => {
    const headers = { 'x-forwarded-for': '10.0.0.1, 198.51.100.4' };
    expect(clientAddressOf(headers, '127.0.0.1', 'x-forwarded-for')).toBe('198.51.100.4');
    expect(clientAddressOf(headers, '::ffff:127.0.0.1', null)).toBe('127.0.0.1');
    expect(clientAddressOf({}, '127.0.0.1', 'x-forwarded-for')).toBe('127.0.0.1');
    expect(clientAddressOf({ 'x-real-ip': ['198.51.100.5'] }, undefined, 'x-real-ip')).toBe('198.51.100.5');
    expect(clientAddressOf({}, undefined, null)).toBe('unknown');
  });
});
