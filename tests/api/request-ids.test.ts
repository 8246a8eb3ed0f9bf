import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startStudio, type StudioServer } from '../helpers/api-server';
import { api, waitForJob } from '../helpers/api';

/**
 * Request ids, end to end: on every answer and error body, and from a job's submission through its
 * worker's log lines to its callback. Its own server, logging at info, so the worker's lines can be read.
 */
let server: StudioServer;
let key = '';
const callbacks: IncomingMessage['headers'][] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    callbacks.push(req.headers);
    res.writeHead(204).end();
  });
});
let receiverUrl = '';

beforeAll(async () => {
  server = await startStudio({ LOG_LEVEL: 'info' });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const tenant = await api<{ api_key: string }>('/admin', {
    base: server.base,
    key: ADMIN_KEY,
    body: { action: 'tenant-create', name: '追踪租户', credits: 1000, quota_monthly: 0 },
  });
  key = tenant.body.api_key;
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('answers with the caller’s X-Request-Id, or one of its own, on every answer and in error bodies', async () => {
    const given = await api('/balance', { base: server.base, key, headers: { 'x-request-id': 'shop-7f3a.42' } });
    expect(given.status).toBe(200);
    expect(given.headers.get('x-request-id')).toBe('shop-7f3a.42');

    const made = await api('/balance', { base: server.base, key });
    const other = await api('/balance', { base: server.base, key });
    expect(made.headers.get('x-request-id')).toMatch(UUID);
    expect(other.headers.get('x-request-id')).not.toBe(made.headers.get('x-request-id'));

    // Unusable ids (spaces, too long) are replaced, not echoed.
    for (const bad of ['has spaces in it', 'x'.repeat(129), '"quoted"']) {
      const res = await api('/balance', { base: server.base, key, headers: { 'x-request-id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    }

    // Errors from every layer: the REST front (404, 400 on the body), a procedure (401), the guard.
    const missing = await api<{ request_id: string }>('/no-such-thing', {
      base: server.base,
      key,
      headers: { 'x-request-id': 'r-404' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ ok: false, request_id: 'r-404' });
    const badJson = await api<{ request_id: string }>('/generate', {
      base: server.base,
      key,
      rawBody: '{',
      headers: { 'x-request-id': 'r-400' },
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ ok: false, request_id: 'r-400' });
    const noKey = await api<{ request_id: string }>('/balance', {
      base: server.base,
      key: 'sk-studio-wrong',
      headers: { 'x-request-id': 'r-401' },
    });
    expect(noKey.status).toBe(401);
    expect(noKey.body).toMatchObject({ ok: false, request_id: 'r-401' });
    expect(noKey.headers.get('x-request-id')).toBe('r-401');
    const malformed = await fetch(`${server.base}/api/%zz`, { headers: { 'x-request-id': 'r-guard' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ ok: false, request_id: 'r-guard' });
  });

  it('carries the id into OpenAI-style chat answers and errors', async () => {
    const chat = await fetch(`${server.base}/api/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': 'chat-trace-1' },
      body: JSON.stringify({ model: 'studio-auto', messages: [{ role: 'user', content: '你好' }] }),
    });
    expect(chat.status).toBe(200);
    expect(chat.headers.get('x-request-id')).toBe('chat-trace-1');
    const refused = await fetch(`${server.base}/api/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': 'chat-trace-2' },
      body: JSON.stringify({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-request-id')).toBe('chat-trace-2');
    expect(await refused.json()).toMatchObject({
      error: { type: 'invalid_request_error' },
      request_id: 'chat-trace-2',
    });
  });

  it('keeps the id of the submitting request on the job, in the worker’s log lines and on the callback', async () => {
    const submitted = await api<{ jobId: string }>('/generate', {
      base: server.base,
      key,
      body: { prompt: '追踪 trace me', quality: 'low', callback_url: receiverUrl },
      headers: { 'x-request-id': 'order-2026-1124' },
    });
    expect(submitted.status).toBe(200);
    const job = await waitForJob(key, submitted.body.jobId, undefined, server.base);
    expect(job.status).toBe('done');
    const shown = await api<{ job: { request_id: string } }>(`/jobs?id=${submitted.body.jobId}`, {
      base: server.base,
      key,
    });
    expect(shown.body.job.request_id).toBe('order-2026-1124');

    for (let i = 0; i < 100 && callbacks.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(callbacks[0]?.['x-request-id']).toBe('order-2026-1124');

    // The worker's line for this job names the request; the prompt itself is never logged.
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; job?: string; request_id?: string });
    expect(lines.find((l) => l.msg === 'image job done' && l.job === submitted.body.jobId)?.request_id).toBe(
      'order-2026-1124',
    );
    expect(server.output()).not.toContain('trace me');
  });
});
