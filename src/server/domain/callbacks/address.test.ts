import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, isPublicAddress } from './address';

const opts = { allowPrivate: false, ownHosts: ['studio.example.cn', 'localhost:3000'] };

describe('callback addresses', () => {
  it('accepts only public unicast addresses', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses loopback, private, link-local and Studio itself', async () => {
    for (const url of [
      'http://127.0.0.1:8080/cb',
      'http://localhost/cb',
      'http://[::1]/cb',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hook',
      'https://studio.example.cn/api/admin',
      'http://metadata.internal/',
    ]) {
      const verdict = await checkCallbackUrl(url, opts);
      expect(verdict.ok, url).toBe(false);
    }
    expect(await checkCallbackUrl('ftp://8.8.8.8/x', opts)).toMatchObject({ ok: false });
    expect(await checkCallbackUrl('https://8.8.8.8/hook', opts)).toEqual({ ok: true, addresses: ['8.8.8.8'] });
  });

  it('refuses private addresses hidden in IPv6 or numeric host forms (issue 12)', async () => {
    for (const url of [
      'http://[::127.0.0.1]/cb',
      'http://[0:0:0:0:0:0:127.0.0.1]/cb',
      'http://[::169.254.169.254]/latest/meta-data',
      'http://[::10.0.0.1]/cb',
      'http://[::ffff:7f00:1]/cb',
      'http://[64:ff9b::a9fe:a9fe]/cb',
      'http://[2002:a00:1::1]/cb',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/cb',
      'http://2130706433/cb',
      'http://0177.0.0.1/cb',
      'http://0x7f.1/cb',
    ]) {
      expect(await checkCallbackUrl(url, opts), url).toEqual({
        ok: false,
        reason: 'points at a private or loopback address',
      });
    }
    expect(await checkCallbackUrl('https://[64:ff9b::808:808]/hook', opts)).toEqual({
      ok: true,
      addresses: ['64:ff9b::808:808'],
    });
  });

  it('lets local development opt in to private receivers', async () => {
    expect((await checkCallbackUrl('http://127.0.0.1:9/cb', { ...opts, allowPrivate: true })).ok).toBe(true);
    expect((await checkCallbackUrl('http://sim.invalid:9/cb', { ...opts, allowPrivate: true })).ok).toBe(true);
    // Studio itself stays out of reach.
    expect((await checkCallbackUrl('http://localhost:3000/api/admin', { ...opts, allowPrivate: true })).ok).toBe(false);
  });
});
