import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startStudio, type StudioServer } from '../helpers/api-server';
import { api } from '../helpers/api';

/**
 * A rolling restart of a web process: its own server (not the shared one), signalled while a slow
 * request is in flight.
 */
let server: StudioServer;

beforeAll(async () => {
  // Readiness stays reachable for 3 s after the signal (a load balancer's health checks see the 503).
  server = await startStudio({ STUDIO_DRAIN_MS: '20000', STUDIO_DRAIN_DELAY_MS: '3000' });
});
afterAll(async () => {
  await server?.stop();
});

const simControl = (path: string, json?: unknown) =>
  fetch(`${server.simOrigin}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: json === undefined ? undefined : { 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

describe('SIGTERM', () => {
  it('answers readiness 503 at once, lets the request in flight finish, ends event streams with a retry hint and exits 0', async () => {
    const base = server.base;
    const tenant = await api<{ api_key: string }>('/admin', {
      base,
      key: ADMIN_KEY,
      body: { action: 'tenant-create', name: '停机租户', credits: 1000, quota_monthly: 0 },
    });
    expect(tenant.status).toBe(200);
    const key = tenant.body.api_key;

    // An open job feed: it must end with a reconnect hint rather than be cut.
    const feed = await fetch(`${base}/api/jobs-stream`, { headers: { 'x-api-key': key } });
    expect(feed.status).toBe(200);
    const feedText = new Response(feed.body).text();

    // A chat answer that takes 4 s upstream is in flight when the signal comes.
    expect((await simControl('/__sim/config', { channel: '*', latency_ms: 4000 })).status).toBe(200);
    const slow = api<{ choices: { message: { content: string } }[] }>('/chat', {
      base,
      key,
      body: { model: 'studio-auto', messages: [{ role: 'user', content: '慢一点回答' }] },
    });
    for (let i = 0; i < 100; i++) {
      const log = (await (await simControl('/__sim/requests')).json()) as { path: string }[];
      if (log.some((r) => r.path.includes('chat/completions'))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    const ready = await fetch(`${base}/api/health`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      ok: false,
      error: 'Studio is shutting down',
      code: 'DRAINING',
      reason: 'unavailable',
      request_id: expect.any(String),
    });
    expect(ready.headers.get('connection')).toBe('close');
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ ok: true, draining: true });

    // The feed ended by itself, its last words a retry hint.
    expect(await feedText).toMatch(/retry: \d+\n\n$/);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body.choices[0]?.message.content).toBeTruthy();
    expect(await exited).toBe(0);
    expect(server.output()).toMatch(/SIGTERM: stopped/);
  }, 60_000);
});
