import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newTenant } from '../helpers/api';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  answered: number;
}

const received: Received[] = [];
let failuresLeft = 0;
let receiverUrl = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const answered = failuresLeft > 0 ? 503 : 200;
    if (failuresLeft > 0) failuresLeft -= 1;
    received.push({ headers: req.headers, body, answered });
    res.writeHead(answered).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/studio-callback`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function until<T>(fn: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('generation callbacks', () => {
  it('POSTs a signed result, retrying with back-off until the receiver answers', async () => {
    const t = await newTenant();
    const { body: secret } = await api<{ secret: string; scheme: string }>('/webhook-secret', { key: t.key });
    expect(secret.secret).toMatch(/^whsec_/);
    failuresLeft = 2;
    const res = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { prompt: '回调 callback', callback_url: receiverUrl },
    });
    const mine = () => received.filter((r) => r.body.includes(res.body.jobId));
    const delivered = await until(() => mine().find((r) => r.answered === 200));
    expect(mine().map((r) => r.answered)).toEqual([503, 503, 200]);

    const payload = JSON.parse(delivered.body) as Record<string, unknown>;
    expect(payload).toEqual({
      job_id: res.body.jobId,
      status: 'done',
      cdn_url: expect.stringMatching(/\/files\//),
      error: null,
      reason: null,
      elapsed_ms: expect.any(Number),
      cost_usd: expect.any(Number),
    });
    expect(payload.cost_usd).toBeGreaterThan(0);
    // Any Standard Webhooks library verifies it with the tenant's secret; a tampered body fails.
    const headers = {
      'webhook-id': String(delivered.headers['webhook-id']),
      'webhook-timestamp': String(delivered.headers['webhook-timestamp']),
      'webhook-signature': String(delivered.headers['webhook-signature']),
    };
    expect(new Webhook(secret.secret).verify(delivered.body, headers)).toEqual(payload);
    expect(() => new Webhook(secret.secret).verify(delivered.body.replace('done', 'fail'), headers)).toThrow();
    // Retries carry the same message id so the receiver can de-duplicate.
    expect(new Set(mine().map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(JSON.stringify(payload)).not.toMatch(/sim-/);
  });

  it('calls back on failure too, with the reason and no cost once refunded', async () => {
    const t = await newTenant({ credits: 10 });
    const simOrigin = (await import('vitest')).inject('simOrigin');
    await fetch(`${simOrigin}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'sim-image-c', fault: 'server_error' }),
    });
    try {
      const res = await api<{ jobId: string }>('/generate', {
        key: t.key,
        body: { prompt: 'x', model: 'sim-image-c', callback_url: receiverUrl },
      });
      const got = await until(() => received.find((r) => r.body.includes(res.body.jobId)));
      expect(JSON.parse(got.body)).toMatchObject({
        status: 'failed',
        cdn_url: null,
        error: expect.stringMatching(/every available upstream/),
        reason: 'upstream_error',
        // Its credits were refunded in full: nothing was spent, so a receiver summing costs adds nothing.
        cost_usd: 0,
      });
    } finally {
      await fetch(`${simOrigin}/__sim/faults`, { method: 'DELETE' });
    }
  });

  it('rotates the signing secret', async () => {
    const t = await newTenant();
    const before = (await api<{ secret: string }>('/webhook-secret', { key: t.key })).body.secret;
    const rotated = (await api<{ secret: string }>('/webhook-secret', { key: t.key, body: {} })).body.secret;
    expect(rotated).not.toBe(before);
    expect((await api<{ secret: string }>('/webhook-secret', { key: t.key })).body.secret).toBe(rotated);
    // The body is `{}`: a field there is a mistake (say, a secret the caller hoped to set), refused.
    const refused = await api<{ error: string }>('/webhook-secret', { key: t.key, body: { secret: 'mine' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/secret/);
    expect((await api<{ secret: string }>('/webhook-secret', { key: t.key })).body.secret).toBe(rotated);
  });
});
