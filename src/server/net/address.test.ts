import { describe, expect, it } from 'vitest';
import { isPublicAddress, sameAddress, vetUrl, type Resolver } from './address';

const opts = { allowPrivate: false, ownHosts: ['studio.example.cn', 'localhost:3000', '127.0.0.1:3000'] };
const noDns: Resolver = () => Promise.reject(new Error('no DNS in this test'));

describe('the outbound address rule', () => {
  it('passes ordinary public unicast addresses only', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:80b::200e'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '100.64.0.1',
      '192.0.0.1',
      '198.18.0.1',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      '100::1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('judges IPv4-compatible IPv6 (::a.b.c.d) by the IPv4 address inside', () => {
    for (const ip of [
      '::127.0.0.1',
      '0:0:0:0:0:0:127.0.0.1',
      '::7f00:1',
      '::169.254.169.254',
      '::a9fe:a9fe',
      '::10.0.0.1',
      '::192.168.0.1',
      '::0.0.0.1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    expect(isPublicAddress('::8.8.8.8')).toBe(true);
  });

  it('judges IPv4-mapped (::ffff:a.b.c.d, dotted or hex) and IPv4-translated (::ffff:0:a.b.c.d) by the IPv4 address', () => {
    for (const ip of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a00:1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['::ffff:8.8.8.8', '::ffff:808:808', '::ffff:0:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('judges NAT64 64:ff9b::/96 by the last 32 bits and refuses the local-use prefix 64:ff9b:1::/48', () => {
    for (const ip of [
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::169.254.169.254',
      '64:ff9b::a00:1',
      '64:ff9b::c0a8:101',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['64:ff9b::8.8.8.8', '64:ff9b::808:808']) expect(isPublicAddress(ip), ip).toBe(true);
    // Local use: where the IPv4 address sits depends on the operator, so none of it passes.
    for (const ip of ['64:ff9b:1::7f00:1', '64:ff9b:1::a00:1', '64:ff9b:1::808:808', '64:ff9b:1:808:8:800::'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('judges 6to4 2002::/16 by the IPv4 address in bits 16-47', () => {
    for (const ip of [
      '2002:7f00:1::',
      '2002:7f00:0001:1::1',
      '2002:a9fe:a9fe::1',
      '2002:a00:1::',
      '2002:c0a8:101::1',
      '2002::1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['2002:808:808::', '2002:808:808:1::1']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('judges Teredo 2001::/32 by its client (the bitwise NOT of the last 32 bits) and its server', () => {
    // Server 65.54.227.120 (4136:e378), client ~80ff:fffe = 127.0.0.1.
    expect(isPublicAddress('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe(false);
    // Clients 10.0.0.1 (~f5ff:fffe) and 169.254.169.254 (~5601:5601).
    expect(isPublicAddress('2001:0:4136:e378:8000:63bf:f5ff:fffe')).toBe(false);
    expect(isPublicAddress('2001:0:4136:e378:8000:63bf:5601:5601')).toBe(false);
    // A private server (10.0.0.1) with a public client.
    expect(isPublicAddress('2001:0:a00:1:8000:63bf:f7f7:f7f7')).toBe(false);
    // Public server, client 8.8.8.8 (~f7f7:f7f7).
    expect(isPublicAddress('2001:0:4136:e378:8000:63bf:f7f7:f7f7')).toBe(true);
  });

  it('refuses what is not a plain address', () => {
    for (const ip of ['', 'example.com', '127.1', '0x7f.1', '2130706433', 'fe80::1%eth0', '2606:4700::1111%1'])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('compares addresses across notations', () => {
    expect(sameAddress('::ffff:127.0.0.1', '127.0.0.1')).toBe(true);
    expect(sameAddress('2606:4700:0::1111', '2606:4700::1111')).toBe(true);
    expect(sameAddress('::127.0.0.1', '127.0.0.1')).toBe(false);
    expect(sameAddress('127.0.0.1', 'localhost')).toBe(false);
  });
});

describe('vetting a URL', () => {
  it('refuses numeric host tricks, which URL parsing turns into dotted IPv4', async () => {
    for (const url of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://017700000001/',
      'http://127.1/',
      'http://0x7f.0.0.1:8080/',
      'http://3232235777/', // 192.168.1.1
      'http://0xa9.0xfe.0xa9.0xfe/latest/meta-data', // 169.254.169.254
      'http://0/',
    ]) {
      expect(await vetUrl(url, { ...opts, lookup: noDns }), url).toEqual({
        ok: false,
        reason: 'points at a private or loopback address',
      });
    }
    const decimalPublic = await vetUrl('http://134744072/', { ...opts, lookup: noDns });
    expect(decimalPublic).toMatchObject({ ok: true, hostname: '8.8.8.8', addresses: ['8.8.8.8'] });
  });

  it('refuses every IPv6 literal that embeds a private IPv4 address', async () => {
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[0:0:0:0:0:0:127.0.0.1]:8080/',
      'http://[::169.254.169.254]/latest/meta-data',
      'http://[::10.0.0.1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::ffff:0:a9fe:a9fe]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[64:ff9b:1::a00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
      'http://[::1]/',
      'http://[fe80::1]/',
    ]) {
      expect((await vetUrl(url, { ...opts, lookup: noDns })).ok, url).toBe(false);
    }
    for (const url of [
      'http://[::ffff:8.8.8.8]/',
      'http://[64:ff9b::8.8.8.8]/',
      'http://[2002:808:808::1]/',
      'https://[2606:4700::1111]/',
    ]) {
      expect((await vetUrl(url, { ...opts, lookup: noDns })).ok, url).toBe(true);
    }
  });

  it('refuses local names, with or without a trailing dot, and Studio itself', async () => {
    for (const url of [
      'http://localhost/',
      'http://LOCALHOST./',
      'http://app.localhost/',
      'http://printer.local/',
      'http://metadata.google.internal/',
      'http://metadata.internal./',
    ]) {
      expect(await vetUrl(url, { ...opts, lookup: noDns }), url).toEqual({
        ok: false,
        reason: 'points at a private or loopback address',
      });
    }
    for (const url of [
      'https://studio.example.cn/api/admin',
      'https://STUDIO.example.cn./x',
      'http://localhost:3000/',
      'http://127.0.0.1:3000/',
    ]) {
      expect(await vetUrl(url, { ...opts, allowPrivate: true, lookup: noDns }), url).toEqual({
        ok: false,
        reason: "points at Studio's own address",
      });
    }
    expect((await vetUrl('ftp://8.8.8.8/', opts)).ok).toBe(false);
    expect((await vetUrl('not a url', opts)).ok).toBe(false);
  });

  it('requires every address a name resolves to to be public', async () => {
    const dns =
      (answer: string[]): Resolver =>
      () =>
        Promise.resolve(answer);
    expect(
      await vetUrl('https://hooks.example.com/x', {
        ...opts,
        lookup: dns(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']),
      }),
    ).toMatchObject({
      ok: true,
      hostname: 'hooks.example.com',
      addresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    for (const answer of [
      ['93.184.215.14', '127.0.0.1'],
      ['::ffff:10.0.0.1'],
      ['::127.0.0.1'],
      ['64:ff9b::a9fe:a9fe'],
    ]) {
      expect(await vetUrl('https://hooks.example.com/x', { ...opts, lookup: dns(answer) }), answer.join()).toEqual({
        ok: false,
        reason: 'resolves to a private or loopback address',
      });
    }
    expect(await vetUrl('https://hooks.example.com/x', { ...opts, lookup: noDns })).toEqual({
      ok: false,
      reason: 'could not be resolved',
    });
    expect(await vetUrl('https://hooks.example.com/x', { ...opts, lookup: dns([]) })).toEqual({
      ok: false,
      reason: 'could not be resolved',
    });
  });

  it('lets private addresses through with allowPrivate, or exactly the ones listed in allowAddresses', async () => {
    const loopback: Resolver = () => Promise.resolve(['127.0.0.1']);
    expect(await vetUrl('http://sim.test:9/x', { ...opts, allowPrivate: true, lookup: loopback })).toMatchObject({
      ok: true,
      addresses: ['127.0.0.1'],
    });
    expect((await vetUrl('http://127.0.0.1:9/x', { ...opts, allowPrivate: true })).ok).toBe(true);
    expect((await vetUrl('http://127.0.0.1:9/x', { ...opts, allowAddresses: ['127.0.0.1'] })).ok).toBe(true);
    expect((await vetUrl('http://127.0.0.2:9/x', { ...opts, allowAddresses: ['127.0.0.1'] })).ok).toBe(false);
    expect(
      (
        await vetUrl('http://sim.test:9/x', {
          ...opts,
          allowAddresses: ['127.0.0.1'],
          lookup: () => Promise.resolve(['127.0.0.1', '10.0.0.1']),
        })
      ).ok,
    ).toBe(false);
  });
});
