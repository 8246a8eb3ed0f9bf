import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newMember, newTenant, waitForJob } from '../helpers/api';

/** The Webhooks page's REST surface: GET /api/webhook-deliveries, POST …/test and …/redeliver (standardwebhooks 1.0). */
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  answered: number;
}
interface Delivery {
  job_id: string | null;
  attempt: number;
  state: string;
  status_code: number | null;
  test: boolean;
  event_id: string | null;
  redeliverable: boolean;
}

const received: Received[] = [];
/** Paths that answer 503 until removed. */
const broken = new Set<string>();
let base = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const path = req.url ?? '';
    const answered = broken.has(path) ? 503 : 200;
    received.push({ path, headers: req.headers, body, answered });
    res.writeHead(answered).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function until<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const history = async (key: string, query = '') =>
  (await api<{ deliveries: Delivery[]; next_cursor: string | null }>(`/webhook-deliveries${query}`, { key })).body;

describe('webhook deliveries over REST', () => {
  it('redelivers a failed callback once the receiver is fixed, with the same webhook-id', async () => {
    const t = await newTenant();
    broken.add('/flaky');
    const { body: job } = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { prompt: '回调重投', quality: 'low', callback_url: `${base}/flaky` },
    });
    await waitForJob(t.key, job.jobId);
    const failed = await until(async () =>
      (await history(t.key, `?job_id=${job.jobId}&state=failed`)).deliveries.at(-1),
    );
    expect(failed).toMatchObject({ attempt: 1, status_code: 503, redeliverable: true, test: false });

    broken.delete('/flaky');
    const redelivery = await api<{ attempt: number; event_id: string; action: string }>(
      '/webhook-deliveries/redeliver',
      { key: t.key, body: { job_id: job.jobId } },
    );
    expect(redelivery.status).toBe(200);
    expect(redelivery.body.event_id).toBe(failed.event_id);
    const delivered = await until(async () =>
      (await history(t.key, `?job_id=${job.jobId}&state=delivered`)).deliveries.at(0),
    );
    expect(delivered.status_code).toBe(200);
    const attempts = (await history(t.key, `?job_id=${job.jobId}`)).deliveries;
    // Newest first, numbered on from the failures.
    expect(attempts.map((d) => d.attempt)).toEqual([...attempts.map((d) => d.attempt)].sort((a, b) => b - a));
    expect(attempts[0]).toMatchObject({ state: 'delivered', attempt: attempts.length });
    const flaky = received.filter((r) => r.path === '/flaky');
    expect(new Set(flaky.map((r) => r.headers['webhook-id']))).toEqual(new Set([failed.event_id]));
    expect(new Set(flaky.map((r) => r.body)).size).toBe(1);
  });

  it('sends a signed test event the receiver can verify, and lists it', async () => {
    const t = await newTenant();
    const { body: secret } = await api<{ secret: string }>('/webhook-secret', { key: t.key });
    const answer = await api<{ state: string; status_code: number; event_id: string; type: string }>(
      '/webhook-deliveries/test',
      { key: t.key, body: { url: `${base}/test-hook` } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ state: 'delivered', status_code: 200, type: 'webhook.test' });
    const got = received.filter((r) => r.path === '/test-hook').at(-1);
    if (!got) throw new Error('the receiver got nothing');
    const headers = {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    };
    expect(new Webhook(secret.secret).verify(got.body, headers)).toMatchObject({
      type: 'webhook.test',
      event_id: answer.body.event_id,
    });
    // The same by hand, as the specification writes it: base64 HMAC-SHA256 of "{id}.{timestamp}.{body}".
    const key = Buffer.from(secret.secret.replace(/^whsec_/, ''), 'base64');
    const mac = createHmac('sha256', key)
      .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${got.body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${mac}`);

    const listed = (await history(t.key)).deliveries;
    expect(listed).toEqual([expect.objectContaining({ test: true, job_id: null, state: 'delivered' })]);
  });

  it('refuses what it cannot do, and shows nothing to another tenant or a member', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const member = await newMember(t.key);
    const { body: job } = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { prompt: '没有回调', quality: 'low' },
    });
    await waitForJob(t.key, job.jobId);
    const noUrl = await api<{ error: string }>('/webhook-deliveries/redeliver', {
      key: t.key,
      body: { job_id: job.jobId },
    });
    expect(noUrl.status).toBe(409);
    expect(noUrl.body.error).toMatch(/callback_url/);
    const strangers = await api<{ error: string }>('/webhook-deliveries/redeliver', {
      key: other.key,
      body: { job_id: job.jobId },
    });
    expect(strangers.status).toBe(404);
    expect((await history(other.key, `?job_id=${job.jobId}`)).deliveries).toEqual([]);
    expect((await api('/webhook-deliveries', { key: member.key })).status).toBe(403);
    const bad = await api<{ error: string }>('/webhook-deliveries?state=lost', { key: t.key });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/state/);
    const noId = await api<{ error: string }>('/webhook-deliveries/redeliver', { key: t.key, body: {} });
    expect(noId.status).toBe(400);
    expect(noId.body.error).toMatch(/job_id/);
    const ownHost = await api<{ error: string }>('/webhook-deliveries/test', {
      key: t.key,
      body: { url: 'ftp://example.com/hook' },
    });
    expect(ownHost.status).toBe(400);
    expect(ownHost.body.error).toMatch(/url/);
  });
});
