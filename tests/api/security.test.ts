import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { adminKey, api, newMember, newTenant, upload, waitForJob } from '../helpers/api';
import { sample } from '../helpers/media-samples';
import { collect } from '../helpers/sse';

/** A request exactly as written (methods and paths `fetch` would refuse or normalise). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; type: string; body: string }> {
  const base = new URL(inject('apiBase'));
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
const generate = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api<{ jobId: string; error?: string }>('/generate', { key, body: { quality: 'low', ...body }, headers });

describe('an open job stream ends with its identity', () => {
  /** Opens a stream, runs `change` once it is ready, then creates a job with `after` (if given) and collects until the stream ends. */
  async function streamAcross(key: string, change: () => Promise<string | null>) {
    let started = 0;
    let lateJob: string | null = null;
    let changed = false;
    const events = await collect(key, (ev) => {
      if (!changed && ev.some((e) => e.event === 'ready')) {
        changed = true;
        started = Date.now();
        void change().then(async (newKey) => {
          if (newKey) lateJob = (await generate(newKey, { prompt: '换钥之后的提示词 secret prompt' })).body.jobId;
        });
      }
      return ev.some((e) => e.event === 'end');
    });
    return { events, elapsed: Date.now() - started, lateJob: lateJob as string | null };
  }

  it('when a member key is replaced: a revoked event, the end, and no job of the new key', async () => {
    const t = await newTenant();
    const m = await newMember(t.key);
    const { events, elapsed } = await streamAcross(m.key, async () => {
      const rekey = await api<{ account: { api_key: string } }>('/tenant-accounts', {
        key: t.key,
        body: { action: 'rekey', account_id: m.id },
      });
      expect(rekey.status).toBe(200);
      return rekey.body.account.api_key;
    });
    expect(events.map((e) => e.event).slice(-2)).toEqual(['revoked', 'end']);
    // Announced at once, not found at the next 15 s heartbeat.
    expect(elapsed).toBeLessThan(5000);
    expect(events.some((e) => e.event.startsWith('job.'))).toBe(false);
    expect(JSON.stringify(events)).not.toContain('secret prompt');
    const again = await fetch(`${inject('apiBase')}/api/jobs-stream`, { headers: { 'x-api-key': m.key } });
    expect(again.status).toBe(403);
  });

  it('when a member is disabled', async () => {
    const t = await newTenant();
    const m = await newMember(t.key);
    const { events, elapsed } = await streamAcross(m.key, async () => {
      expect(
        (await api('/tenant-accounts', { key: t.key, body: { action: 'toggle', account_id: m.id, disabled: true } }))
          .status,
      ).toBe(200);
      return null;
    });
    expect(events.map((e) => e.event).slice(-2)).toEqual(['revoked', 'end']);
    expect(elapsed).toBeLessThan(5000);
  });

  it('when the operator disables the tenant: keys refused until it is enabled again, data kept', async () => {
    const t = await newTenant({ credits: 50 });
    const m = await newMember(t.key);
    const { events } = await streamAcross(t.key, async () => {
      const off = await api<{ tenant: { disabled: boolean } }>('/admin', {
        key: adminKey(),
        body: { action: 'tenant-toggle', tenant_id: t.id, disabled: true },
      });
      expect(off.body.tenant).toEqual({ id: t.id, disabled: true });
      return null;
    });
    expect(events.map((e) => e.event).slice(-2)).toEqual(['revoked', 'end']);
    for (const key of [t.key, m.key]) {
      const refused = await api('/balance', { key });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
        error: expect.stringMatching(/disabled by the operator/),
      });
    }
    const listed = await api<{ tenants: { id: string; disabled: boolean }[] }>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-list' },
    });
    expect(listed.body.tenants.find((x) => x.id === t.id)?.disabled).toBe(true);
    await api('/admin', { key: adminKey(), body: { action: 'tenant-toggle', tenant_id: t.id, disabled: false } });
    expect(await balance(t.key)).toBe(50);
  });
});

describe('JSON bodies are taken as sent, never coerced', () => {
  it('refuses strings, arrays and null where a boolean or an integer belongs, naming the field, and changes nothing', async () => {
    const t = await newTenant({ credits: 100 });
    const m = await newMember(t.key);
    // A GET first: query parameters are converted per request and must not loosen any body schema.
    expect((await api('/jobs?limit=5', { key: t.key })).status).toBe(200);
    for (const disabled of ['false', 'true', [], 0, null]) {
      const res = await api('/tenant-accounts', { key: t.key, body: { action: 'toggle', account_id: m.id, disabled } });
      expect(res.status, JSON.stringify(disabled)).toBe(400);
      expect(res.body).toMatchObject({
        ok: false,
        code: 'BAD_REQUEST',
        issues: [expect.objectContaining({ path: ['disabled'] })],
      });
    }
    expect((await api('/balance', { key: m.key })).status).toBe(200);

    for (const credits of ['', '0x10', '1e2', '5', true, [3], null, 1.5]) {
      const grant = await api('/admin', {
        key: adminKey(),
        body: { action: 'tenant-credit', tenant_id: t.id, credits },
      });
      expect(grant.status, JSON.stringify(credits)).toBe(400);
      expect(grant.body).toMatchObject({ issues: [expect.objectContaining({ path: ['credits'] })] });
      const member = await api('/tenant-accounts', {
        key: t.key,
        body: { action: 'create', email: `x${Math.random()}@example.cn`, nickname: '甲', credits },
      });
      expect(member.status, JSON.stringify(credits)).toBe(400);
    }
    expect(await balance(t.key)).toBe(100);

    const template = await api<{ template: { id: string } }>('/templates', {
      key: t.key,
      body: { type: 'image', zh_name: '海报', prompt_template: '画一张{主题}海报' },
    });
    const patched = await api('/templates', {
      method: 'PATCH',
      key: t.key,
      body: { id: template.body.template.id, active: 'false' },
    });
    expect(patched.status).toBe(400);
    expect(patched.body).toMatchObject({ issues: [expect.objectContaining({ path: ['active'] })] });

    const claim = await api('/tenant-claims', {
      key: t.key,
      body: { template_ids: [template.body.template.id], credits: '1e1' },
    });
    expect(claim.status).toBe(400);
    const markup = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-markup', tenant_id: t.id, markup: null },
    });
    expect(markup.status).toBe(400);
    expect(await balance(t.key)).toBe(100);
  });

  it('parses query integers strictly, and keeps the documented leniency of days', async () => {
    const t = await newTenant();
    for (const limit of ['1e1', '0x10', '', 'ten', '5.5', '0', '101']) {
      const res = await api(`/jobs?limit=${encodeURIComponent(limit)}`, { key: t.key });
      expect(res.status, limit).toBe(400);
      expect(res.body).toMatchObject({ ok: false, issues: [expect.objectContaining({ path: ['limit'] })] });
    }
    expect((await api('/jobs?limit=10', { key: t.key })).status).toBe(200);
    expect((await api('/jobs?limit=3&limit=4', { key: t.key })).status).toBe(400);
    const usage = await api<{ days: number }>('/tenant-usage?days=abc', { key: t.key });
    expect(usage.status).toBe(200);
    expect(usage.body.days).toBe(30);
  });
});

describe('inputs that used to reach a 500 are 4xx JSON errors', () => {
  it('refuses NUL and unpaired surrogates in any string, the public claim endpoint included', async () => {
    const t = await newTenant();
    const nul = await api('/social-claims', {
      body: { code: 'A'.repeat(20), nickname: '小\u0000林', email: 'a@example.cn' },
    });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      issues: [{ path: ['nickname'], message: expect.stringMatching(/NUL/) }],
    });
    const surrogate = await generate(t.key, { prompt: 'a\ud800b' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error).toMatch(/prompt: .*unpaired surrogate/);
    // As JSON text, escaped: the server decodes it and still refuses it.
    const escaped = await api('/generate', { key: t.key, rawBody: '{"prompt":"x\\udc00y","quality":"low"}' });
    expect(escaped.status).toBe(400);
    const slug = await api('/templates?slug=%00', { key: t.key });
    expect(slug.status).toBe(400);
    expect(slug.body).toMatchObject({ issues: [expect.objectContaining({ path: ['slug'] })] });
    const key = await api('/generate', { key: t.key, rawBody: '{"prompt":"x","in\\u0000put":{}}' });
    expect(key.status).toBe(400);
    const deep = await api('/generate', {
      key: t.key,
      rawBody: `{"prompt":"x","input":${'['.repeat(200)}${']'.repeat(200)}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ ok: false, error: expect.stringMatching(/nested deeper/) });
  });

  it('bounds numbers to their columns: credits, balances and decimals', async () => {
    const t = await newTenant({ credits: 0 });
    const huge = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: t.id, credits: 2147483648 },
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ issues: [{ path: ['credits'], message: 'must be at most 1,000,000,000' }] });
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await api('/admin', {
            key: adminKey(),
            body: { action: 'tenant-credit', tenant_id: t.id, credits: 1_000_000_000 },
          })
        ).status,
      ).toBe(200);
    }
    const over = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: t.id, credits: 1_000_000_000 },
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/would pass 2,147,483,647 credits.*nothing was changed/);
    expect(await balance(t.key)).toBe(2_000_000_000);
    for (const markup of [1e-308, 1.23456, -1, 101]) {
      const res = await api('/admin', { key: adminKey(), body: { action: 'tenant-markup', tenant_id: t.id, markup } });
      expect(res.status, String(markup)).toBe(400);
    }
    expect(
      (await api('/admin', { key: adminKey(), body: { action: 'tenant-markup', tenant_id: t.id, markup: 1.2345 } }))
        .status,
    ).toBe(200);
  });

  it('answers unknown methods, malformed paths and boundary-less multipart with JSON', async () => {
    const t = await newTenant();
    for (const [method, path, status] of [
      ['TRACE', '/api/balance', 405],
      ['TRACE', '/', 405],
      ['GET', '/api/%E0%A4%A', 400],
      ['GET', '/files/%', 400],
      ['GET', '/claim/%ZZ', 400],
      ['GET', '/api/balance%00', 400],
    ] as const) {
      const res = await raw(method, path, { 'x-api-key': t.key });
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.type, `${method} ${path}`).toMatch(/application\/json/);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: expect.any(String) });
    }
    const multipart = await raw(
      'POST',
      '/api/upload-ref',
      { 'x-api-key': t.key, 'content-type': 'multipart/form-data' },
      'hello',
    );
    expect(multipart.status).toBe(415);
    expect(JSON.parse(multipart.body)).toMatchObject({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('member keys use only their own data', () => {
  it('scopes Idempotency-Key to the identity that sent it', async () => {
    const t = await newTenant();
    const a1 = await newMember(t.key);
    const a2 = await newMember(t.key);
    const body = { prompt: '同一个请求 same body' };
    const headers = { 'idempotency-key': 'order-42' };
    const first = await generate(a1.key, body, headers);
    expect((await generate(a1.key, body, headers)).body.jobId).toBe(first.body.jobId);
    const other = await generate(a2.key, body, headers);
    expect(other.status).toBe(200);
    expect(other.body.jobId).not.toBe(first.body.jobId);
    const tenant = await generate(t.key, body, headers);
    expect(new Set([first.body.jobId, other.body.jobId, tenant.body.jobId]).size).toBe(3);
    // Each sees its own job only.
    expect((await api(`/jobs?id=${first.body.jobId}`, { key: a2.key })).status).toBe(404);
  });

  it("refuses another member's uploads and results as references; the tenant key may use any of its tenant's", async () => {
    const t = await newTenant();
    const a1 = await newMember(t.key);
    const a2 = await newMember(t.key);
    const png = await sample('png');
    const mine = await upload(inject('apiBase'), a1.key, png, { filename: 'a1.png' });
    const tenantFile = await upload(inject('apiBase'), t.key, png, { filename: 't.png' });
    const job = await generate(a1.key, { prompt: '第一张' });
    const result = await waitForJob(a1.key, job.body.jobId);
    expect(result.status).toBe('done');

    for (const url of [mine.body.url, result.cdn_url, tenantFile.body.url]) {
      const res = await generate(a2.key, { prompt: '借用', reference_images: [url] });
      expect(res.status, String(url)).toBe(400);
      expect(res.body.error).toMatch(/reference_images\[0\]: only files served by Studio that are yours/);
    }
    expect(
      (await generate(a1.key, { prompt: '用自己的', reference_images: [mine.body.url, result.cdn_url] })).status,
    ).toBe(200);
    expect((await generate(a1.key, { prompt: '用租户的', reference_images: [tenantFile.body.url] })).status).toBe(400);
    expect(
      (
        await generate(t.key, {
          prompt: '租户可用',
          reference_images: [mine.body.url, result.cdn_url, tenantFile.body.url],
        })
      ).status,
    ).toBe(200);
  });
});
