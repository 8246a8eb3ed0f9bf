import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, tenantWithLogin } from '../helpers/console-session';

/**
 * Chat has two doors: a key is served by the Node server in front of Next.js, a console session by
 * Next.js. Both run one chat core (src/server/edge/chat/serve.ts); here the same calls go through
 * both and must be answered alike: the same statuses, headers that matter, and bodies.
 */

interface Answer {
  status: number;
  type: string | null;
  allow: string | null;
  body: unknown;
}

/** What a caller compares of an answer; ids, times and request ids differ between any two calls. */
function comparable(body: unknown): unknown {
  const varies = (k: string, v: unknown) =>
    ['created', 'request_id', 'system_fingerprint'].includes(k) ||
    (k === 'id' && typeof v === 'string' && v.startsWith('chatcmpl-'));
  return JSON.parse(JSON.stringify(body), (k: string, v: unknown) => (varies(k, v) ? '*' : v));
}

describe('chat: the key door and the console door answer alike', () => {
  const base = inject('apiBase');
  let key: string;
  let cookie: string;

  beforeAll(async () => {
    const tenant = await tenantWithLogin(base);
    key = tenant.key;
    const session = await signIn(base, { email: tenant.email, password: 'correct horse battery' });
    expect(session.ok).toBe(true);
    cookie = session.cookie;
  });

  async function call(
    door: 'key' | 'session',
    method: string,
    path: string,
    body?: string,
    type = 'application/json',
  ): Promise<Answer> {
    const headers: Record<string, string> =
      door === 'key' ? { authorization: `Bearer ${key}` } : { cookie, origin: base, 'sec-fetch-site': 'same-origin' };
    if (body !== undefined) headers['content-type'] = type;
    const res = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: compared as text
    }
    return {
      status: res.status,
      type: res.headers.get('content-type')?.split(';')[0] ?? null,
      allow: res.headers.get('allow'),
      body: comparable(parsed),
    };
  }

  async function both(method: string, path: string, body?: string, type?: string): Promise<Answer> {
    const viaKey = await call('key', method, path, body, type);
    const viaSession = await call('session', method, path, body, type);
    expect(viaSession, `${method} ${path}`).toEqual(viaKey);
    return viaKey;
  }

  it('lists the same models, and retrieves one by id, by the routing name and by `auto`', async () => {
    const list = await both('GET', '/api/models');
    expect(list.status).toBe(200);
    const ids = (list.body as { data: { id: string }[] }).data.map((m) => m.id);
    expect(ids[0]).toBe('studio-auto');
    expect((await both('GET', '/api/models/studio-auto')).body).toMatchObject({ id: 'studio-auto', object: 'model' });
    const auto = await both('GET', '/api/models/auto');
    expect(auto.status).toBe(200);
    expect(auto.body).toMatchObject({ id: 'studio-auto', object: 'model' });
    expect((await both('GET', `/api/models/${encodeURIComponent(ids[1] ?? 'chatmodel-1')}`)).status).toBe(200);
  });

  it('refuses alike: an unknown model 404, a wrong method 405 with Allow, a body that is not JSON 415, broken JSON 400', async () => {
    const missing = await both('GET', '/api/models/gpt-none');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { message: expect.stringContaining('gpt-none') } });
    const wrong = await both('GET', '/api/chat/completions');
    expect(wrong).toMatchObject({ status: 405, allow: 'POST' });
    const text = await both('POST', '/api/chat/completions', 'hello', 'text/plain');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ error: { message: expect.stringContaining('application/json') } });
    const broken = await both('POST', '/api/chat/completions', '{"model":');
    expect(broken.status).toBe(400);
    // Studio's own dialect on /api/chat: the one error body of the REST surface.
    const studio = await both('POST', '/api/chat', '{"model":');
    expect(studio).toMatchObject({ status: 400, body: { ok: false, code: 'BAD_REQUEST' } });
    const invalid = await both('POST', '/api/chat/completions', JSON.stringify({ model: 'studio-auto', messages: [] }));
    expect(invalid.status).toBe(400);
  });

  it('answers the same completion through both doors', async () => {
    const request = JSON.stringify({
      model: 'studio-auto',
      messages: [{ role: 'user', content: 'Say one word.' }],
      max_tokens: 20,
      seed: 7,
    });
    const viaKey = await call('key', 'POST', '/api/chat/completions', request);
    const viaSession = await call('session', 'POST', '/api/chat/completions', request);
    expect(viaKey.status).toBe(200);
    expect(viaSession.status).toBe(200);
    const shape = (a: Answer) => {
      const b = a.body as { object: string; model: string; choices: { message: { role: string } }[]; usage: object };
      return { object: b.object, model: b.model, role: b.choices[0]?.message.role, usage: Object.keys(b.usage).sort() };
    };
    expect(shape(viaSession)).toEqual(shape(viaKey));
    expect(shape(viaKey)).toMatchObject({ object: 'chat.completion', model: 'studio-auto', role: 'assistant' });
  });
});
