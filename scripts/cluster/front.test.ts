import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFront, type Front } from './front';

interface Backend {
  origin: string;
  server: Server;
  seen: { method: string; url: string; body: string; forwardedFor: string | undefined }[];
  healthy: boolean;
}

async function backend(): Promise<Backend> {
  const b: Backend = { origin: '', server: createServer(), seen: [], healthy: true };
  b.server.on('request', (req, res) => {
    if (req.url === '/api/health') {
      res.writeHead(b.healthy ? 200 : 503).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      b.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      });
      res
        .writeHead(201, { 'content-type': 'text/plain', 'x-backend': b.origin })
        .end(`hello from ${b.origin}: ${body}`);
    });
  });
  await new Promise<void>((r) => b.server.listen(0, '127.0.0.1', r));
  b.origin = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  return b;
}

/** An address nothing listens on. */
async function deadOrigin(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  await new Promise<void>((r) => s.close(() => r()));
  return origin;
}

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function front(backends: string[]): Promise<{ front: Front; url: string }> {
  const f = await startFront(0, '127.0.0.1', { backends, checkEveryMs: 50 });
  opened.push(f);
  return { front: f, url: `http://127.0.0.1:${(f.server.address() as AddressInfo).port}` };
}

async function started(): Promise<Backend> {
  const b = await backend();
  opened.push({ close: () => new Promise<void>((r) => b.server.close(() => r())) });
  return b;
}

describe('the cluster front', () => {
  it('takes turns between ready backends and passes the answer, status and headers through', async () => {
    const [a, b] = [await started(), await started()];
    const { url } = await front([a.origin, b.origin]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => fetch(`${url}/api/x?i=${i}`, { method: 'POST', body: `n${i}` })),
    );
    for (const res of answers) expect(res.status).toBe(201);
    expect(a.seen).toHaveLength(3);
    expect(b.seen).toHaveLength(3);
    expect(await answers[0]?.text()).toMatch(/^hello from http:\/\/127\.0\.0\.1:\d+: n0$/);
    expect(a.seen[0]?.forwardedFor).toBe('127.0.0.1');
  });

  it('sends nothing to a backend whose health check answers 503 (draining), and everything once it is back', async () => {
    const [a, b] = [await started(), await started()];
    b.healthy = false;
    const { front: f, url } = await front([a.origin, b.origin]);
    expect(f.ready()).toEqual([a.origin]);
    for (let i = 0; i < 4; i++) expect((await fetch(`${url}/p`)).status).toBe(201);
    expect(b.seen).toHaveLength(0);
    b.healthy = true;
    await expect.poll(() => f.ready().length).toBe(2);
  });

  it('retries a refused connection on the next backend, body included, so a restarting instance costs the caller nothing', async () => {
    const a = await started();
    const dead = await deadOrigin();
    const { url } = await front([dead, a.origin]);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${url}/api/generate`, {
        method: 'POST',
        body: `{"i":${i}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(201);
    }
    expect(a.seen.map((s) => s.body)).toEqual(['{"i":0}', '{"i":1}', '{"i":2}', '{"i":3}']);
  });

  it('answers 503 with Retry-After when no backend answers at all', async () => {
    const { url } = await front([await deadOrigin()]);
    const res = await fetch(`${url}/api/balance`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ ok: false, error: 'No Studio instance is ready; try again shortly' });
  });
});
