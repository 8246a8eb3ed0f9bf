import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Resolver } from './address';
import { request } from 'undici';
import { pinnedAgent, safeFetch } from './outbound';

interface Seen {
  server: 'A' | 'B';
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  remote: string;
}

const seen: Seen[] = [];
let port = 0;
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();

function receiver(name: 'A' | 'B'): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({
        server: name,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        remote: req.socket.remoteAddress ?? '',
      });
      const route = routes.get(req.url ?? '');
      if (route) route(req, res, body);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello from ${name}`);
    });
  });
}

// Two receivers on the same port, one on 127.0.0.1 and one on 127.0.0.2, to see which one a
// connection really reached.
const a = receiver('A');
const b = receiver('B');
beforeAll(async () => {
  await new Promise<void>((r) => a.listen(0, '127.0.0.1', r));
  port = (a.address() as AddressInfo).port;
  await new Promise<void>((r) => b.listen(port, '127.0.0.2', r));
});
afterAll(async () => {
  for (const s of [a, b]) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});
beforeEach(() => {
  seen.length = 0;
  routes.clear();
});

/** A resolver answering `first` on its first call and `later` on every call after. */
function flipping(first: string[], later: string[]) {
  return vi.fn<Resolver>().mockResolvedValueOnce(first).mockResolvedValue(later);
}

const local = { allowAddresses: ['127.0.0.1'] };

describe('safeFetch', () => {
  it('refuses, before connecting, a name that resolves to a loopback address', async () => {
    const lookup = vi.fn<Resolver>().mockResolvedValue(['127.0.0.1']);
    const res = await safeFetch(`http://hooks.example.test:${port}/cb`, { method: 'POST', body: 'x', lookup });
    expect(res).toEqual({
      ok: false,
      error: 'refused',
      reason: 'resolves to a private or loopback address',
      url: `http://hooks.example.test:${port}/cb`,
    });
    expect((await safeFetch(`http://127.0.0.1:${port}/cb`)).ok).toBe(false);
    expect((await safeFetch(`http://[::ffff:127.0.0.1]:${port}/cb`)).ok).toBe(false);
    expect((await safeFetch(`http://2130706433:${port}/cb`)).ok).toBe(false);
    expect(seen).toEqual([]);
  });

  it('connects to the address it vetted, not to what the name resolves to afterwards', async () => {
    // Vetted: 127.0.0.1 (allowed here); a second resolution would answer 127.0.0.2.
    const lookup = flipping(['127.0.0.1'], ['127.0.0.2']);
    const res = await safeFetch(`http://pinned.example.test:${port}/who`, { allowPrivate: true, lookup });
    expect(res).toMatchObject({ ok: true, status: 200, address: '127.0.0.1' });
    expect(res.ok && new TextDecoder().decode(res.body)).toBe('hello from A');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.server)).toEqual(['A']);
    // The Host header stays the original name (and so would TLS SNI, see below).
    expect(seen[0]?.headers.host).toBe(`pinned.example.test:${port}`);
  });

  it('never reaches a private address a name flips to after passing the check', async () => {
    // Vetted: a public address (not reachable from here); afterwards the name answers 127.0.0.1.
    const lookup = flipping(['1.0.0.0'], ['127.0.0.1']);
    const res = await safeFetch(`http://rebind.example.test:${port}/cb`, {
      method: 'POST',
      body: 'x',
      lookup,
      timeoutMs: 1500,
    });
    if (res.ok) expect(res.address).toBe('1.0.0.0');
    else expect(['unreachable', 'timeout']).toContain(res.error);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
  });

  it('drops a connection whose peer is not a vetted address, before sending the request', async () => {
    // An address literal is not looked up, so only the check of the socket's peer stands here.
    const { agent, connectedTo } = pinnedAgent('127.0.0.1', ['127.0.0.2'], 1000);
    try {
      await expect(request(`http://127.0.0.1:${port}/x`, { dispatcher: agent })).rejects.toThrow(
        /connected to 127\.0\.0\.1, not a vetted one/,
      );
      expect(connectedTo()).toBeNull();
      expect(seen).toEqual([]);
    } finally {
      await agent.destroy();
    }
  });

  it('follows redirects, vetting every target again', async () => {
    routes.set('/start', (_req, res) => res.writeHead(302, { location: '/next' }).end());
    routes.set('/next', (_req, res) => res.writeHead(200).end('arrived'));
    const res = await safeFetch(`http://127.0.0.1:${port}/start`, local);
    expect(res).toMatchObject({ ok: true, status: 200, redirects: 1, url: `http://127.0.0.1:${port}/next` });

    for (const target of [
      `http://127.0.0.2:${port}/x`,
      `http://[::ffff:127.0.0.2]:${port}/x`,
      `http://[::127.0.0.2]:${port}/x`,
      `http://2130706434:${port}/x`,
      `http://localhost:${port}/x`,
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
    ]) {
      seen.length = 0;
      routes.set('/away', (_req, r) => r.writeHead(302, { location: target }).end());
      const away = await safeFetch(`http://127.0.0.1:${port}/away`, local);
      expect(away, target).toMatchObject({
        ok: false,
        error: 'refused',
        reason: expect.stringMatching(/^redirects to a URL that /),
      });
      expect(
        seen.map((s) => `${s.server}${s.url}`),
        target,
      ).toEqual(['A/away']);
    }

    // A name the redirect gives is resolved and vetted like any other.
    routes.set('/named', (_req, r) => r.writeHead(307, { location: `http://internal.example.test:${port}/x` }).end());
    const lookup = vi.fn<Resolver>().mockResolvedValue(['10.0.0.7']);
    expect(await safeFetch(`http://127.0.0.1:${port}/named`, { ...local, lookup })).toMatchObject({
      ok: false,
      error: 'refused',
    });
    expect(lookup).toHaveBeenCalledWith('internal.example.test');
  });

  it('refuses a redirect to Studio itself even where private addresses are allowed', async () => {
    routes.set('/own', (_req, r) => r.writeHead(301, { location: `http://127.0.0.2:${port}/api/admin` }).end());
    const res = await safeFetch(`http://127.0.0.1:${port}/own`, {
      allowPrivate: true,
      ownHosts: [`127.0.0.2:${port}`],
    });
    expect(res).toMatchObject({
      ok: false,
      error: 'refused',
      reason: "redirects to a URL that points at Studio's own address",
    });
    expect(seen.map((s) => s.server)).toEqual(['A']);
  });

  it('limits redirects, answers a redirect as it is with maxRedirects 0, and adapts the request like a browser', async () => {
    routes.set('/loop', (_req, r) => r.writeHead(302, { location: '/loop' }).end());
    expect(await safeFetch(`http://127.0.0.1:${port}/loop`, { ...local, maxRedirects: 2 })).toMatchObject({
      ok: false,
      error: 'too_many_redirects',
    });
    expect(seen.length).toBe(3);

    seen.length = 0;
    expect(await safeFetch(`http://127.0.0.1:${port}/loop`, { ...local, maxRedirects: 0 })).toMatchObject({
      ok: true,
      status: 302,
      redirects: 0,
    });
    expect(seen.length).toBe(1);

    // 303 after a POST continues as a GET without the body; credentials stay with their origin.
    seen.length = 0;
    routes.set('/post', (_req, r) => r.writeHead(303, { location: `http://127.0.0.2:${port}/after` }).end());
    const res = await safeFetch(`http://127.0.0.1:${port}/post`, {
      allowPrivate: true,
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer secret', 'x-trace': '1' },
    });
    expect(res).toMatchObject({ ok: true, status: 200, redirects: 1 });
    expect(seen.map((s) => [s.server, s.method, s.body])).toEqual([
      ['A', 'POST', '{"a":1}'],
      ['B', 'GET', ''],
    ]);
    expect(seen[1]?.headers).toMatchObject({ 'x-trace': '1' });
    expect(seen[1]?.headers.authorization).toBeUndefined();
    expect(seen[1]?.headers['content-type']).toBeUndefined();
  });

  it('caps the bytes read, declared or not', async () => {
    const big = 'x'.repeat(64 * 1024);
    routes.set('/declared', (_req, r) => r.writeHead(200, { 'content-length': String(big.length) }).end(big));
    routes.set('/chunked', (_req, r) => {
      r.writeHead(200);
      for (let i = 0; i < 64; i++) r.write('y'.repeat(1024));
      r.end();
    });
    for (const p of ['/declared', '/chunked']) {
      expect(await safeFetch(`http://127.0.0.1:${port}${p}`, { ...local, maxBytes: 10_000 }), p).toMatchObject({
        ok: false,
        error: 'too_large',
      });
      const whole = await safeFetch(`http://127.0.0.1:${port}${p}`, { ...local, maxBytes: 64 * 1024 });
      expect(whole.ok && whole.body.byteLength, p).toBe(64 * 1024);
    }
  });

  it('gives up after the time-out, whether the answer or its body is slow', async () => {
    routes.set('/silent', () => {
      // never answers
    });
    routes.set('/trickle', (_req, r) => {
      r.writeHead(200);
      r.write('a');
      const t = setInterval(() => r.write('b'), 100);
      r.on('close', () => clearInterval(t));
    });
    for (const p of ['/silent', '/trickle']) {
      const started = Date.now();
      expect(await safeFetch(`http://127.0.0.1:${port}${p}`, { ...local, timeoutMs: 400 }), p).toMatchObject({
        ok: false,
        error: 'timeout',
      });
      expect(Date.now() - started, p).toBeLessThan(2000);
    }
    // A resolver that never answers counts against the deadline too.
    const hanging: Resolver = () => new Promise(() => {});
    expect(await safeFetch(`http://slow-dns.example.test:${port}/`, { lookup: hanging, timeoutMs: 300 })).toMatchObject(
      { ok: false, error: 'timeout' },
    );
  });

  it('reports a closed port as unreachable and can throw the body away unread', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await safeFetch(`http://127.0.0.1:${closedPort}/`, local)).toMatchObject({
      ok: false,
      error: 'unreachable',
    });

    const res = await safeFetch(`http://127.0.0.1:${port}/`, { ...local, readBody: false });
    expect(res).toMatchObject({ ok: true, status: 200 });
    expect(res.ok && res.body.byteLength).toBe(0);
  });
});

function haveOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!haveOpenssl())('safeFetch over TLS to a pinned address', () => {
  it('sends the original name as SNI and still verifies the certificate', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'studio-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=pinned.example.test',
          '-addext',
          'subjectAltName=DNS:pinned.example.test',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const names: (string | false | null)[] = [];
      const server = createHttpsServer(
        { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
        (_req, res) => res.end('tls'),
      );
      server.on('secureConnection', (s: TLSSocket) => names.push(s.servername));
      server.on('tlsClientError', (_err, s: TLSSocket) => names.push(s.servername));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const tlsPort = (server.address() as AddressInfo).port;
      try {
        const lookup = vi.fn<Resolver>().mockResolvedValue(['127.0.0.1']);
        const res = await safeFetch(`https://pinned.example.test:${tlsPort}/`, { allowPrivate: true, lookup });
        // Self-signed, so not trusted: the certificate was checked, against the original name.
        expect(res).toMatchObject({
          ok: false,
          error: 'unreachable',
          reason: expect.stringMatching(/SELF_SIGNED|CERT/),
        });
        await vi.waitFor(() => expect(names).toContain('pinned.example.test'));
      } finally {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
