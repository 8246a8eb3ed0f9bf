import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv } from '@/server/config';
import { createFrontServer } from '@/server/edge/server';
import { CLIENT_ADDRESS_HEADER } from '@/server/edge/http/client-address';
import { dropUntrustedForwarding, isTrustedProxy, parseTrustedProxies } from './trusted-proxies';

describe('trusted proxies', () => {
  it('parses addresses, ranges and the names loopback and private, and names a bad entry', () => {
    const list = parseTrustedProxies('203.0.113.7, 2001:db8::/32, loopback');
    expect(isTrustedProxy('203.0.113.7', list)).toBe(true);
    expect(isTrustedProxy('203.0.113.8', list)).toBe(false);
    expect(isTrustedProxy('2001:db8:1::9', list)).toBe(true);
    expect(isTrustedProxy('127.0.0.1', list)).toBe(true);
    expect(isTrustedProxy('::ffff:127.0.0.1', list)).toBe(true);
    expect(isTrustedProxy('::1', list)).toBe(true);
    expect(isTrustedProxy('10.1.2.3', list)).toBe(false);
    expect(isTrustedProxy('10.1.2.3', parseTrustedProxies('private'))).toBe(true);
    expect(isTrustedProxy('not an address', list)).toBe(false);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not an address/);
    expect(() => parseTrustedProxies('proxy.example')).toThrow(/"proxy.example"/);
  });

  it('is a startup error naming the variable when the list is wrong, and trusts nobody by default', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-proxies-'));
    expect(() => parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_TRUSTED_PROXIES: 'everyone' })).toThrow(
      /STUDIO_TRUSTED_PROXIES/,
    );
    expect(buildConfig(parseEnv({ STUDIO_DATA_DIR: dir })).trustedProxies).toEqual([]);
    // A client-address header is set by a proxy: with one configured, local and private proxies are believed.
    const withHeader = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_CLIENT_IP_HEADER: 'x-real-ip' }));
    expect(isTrustedProxy('192.168.1.10', withHeader.trustedProxies)).toBe(true);
    expect(isTrustedProxy('198.51.100.1', withHeader.trustedProxies)).toBe(false);
  });

  it('removes forwarded headers and the client-address header unless the peer is a trusted proxy', () => {
    const headers = () => ({
      host: 'studio.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.1',
      forwarded: 'host=evil.example',
      'x-real-ip': '198.51.100.1',
      'cf-connecting-ip': '198.51.100.2',
    });
    const config = { trustedProxies: parseTrustedProxies('10.0.0.1'), clientIpHeader: 'cf-connecting-ip' };
    const stranger = headers();
    dropUntrustedForwarding(stranger, '198.51.100.99', config);
    expect(stranger).toEqual({ host: 'studio.example' });
    const proxy = headers();
    dropUntrustedForwarding(proxy, '10.0.0.1', config);
    expect(proxy).toEqual(headers());
  });
});

describe('the front server and forwarded headers', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  /** Starts the front server with a stand-in for Next.js that answers the headers it was given. */
  async function front(env: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-front-'));
    const config = buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, ...env }));
    const server = createFrontServer(config, (req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.headers));
      return Promise.resolve();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const port = (server.address() as AddressInfo).port;
    return async (headers: Record<string, string>) =>
      (await (await fetch(`http://127.0.0.1:${port}/login`, { headers })).json()) as Record<string, string>;
  }

  const sent = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' };

  it('passes on no forwarded header from a caller that is not a configured proxy', async () => {
    const seen = await front({});
    const headers = await seen(sent);
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-forwarded-proto']).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
  });

  it('believes a configured proxy: its forwarded host and its client address', async () => {
    const seen = await front({ STUDIO_TRUSTED_PROXIES: 'loopback', STUDIO_CLIENT_IP_HEADER: 'x-forwarded-for' });
    const headers = await seen(sent);
    expect(headers['x-forwarded-host']).toBe('evil.example');
    expect(headers[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.1');
  });

  it('does not take the client address from a header a stranger set', async () => {
    const seen = await front({ STUDIO_TRUSTED_PROXIES: '10.0.0.1', STUDIO_CLIENT_IP_HEADER: 'x-forwarded-for' });
    expect((await seen(sent))[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
  });
});
