import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newTenant, upload } from '../helpers/api';
import { signIn, tenantWithLogin, PASSWORD } from '../helpers/console-session';
import { sample } from '../helpers/media-samples';

/**
 * Inputs that used to reach a 500, and addresses of another tenant's file dressed as outside ones:
 * each is answered as a caller's mistake (400/403) naming what is wrong.
 */
describe('headers and addresses a caller controls', () => {
  const base = inject('apiBase');

  it("answers /favicon.ico with Studio's mark, so no page logs a missing icon", async () => {
    const res = await fetch(`${base}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg /);
  });

  it('bounds the Idempotency-Key Studio stores: 400 naming it, never a 500', async () => {
    const t = await newTenant({ credits: 10 });
    const body = { prompt: '一只橘猫', quality: 'low' };
    for (const key of [randomBytes(1500).toString('hex'), 'clé-avec-accents\u00e9', 'two words']) {
      const res = await api<{ error: string; issues: { path: string[] }[] }>('/generate', {
        key: t.key,
        body,
        headers: { 'idempotency-key': key },
      });
      expect(res.status, key.slice(0, 20)).toBe(400);
      expect(res.body.error).toMatch(/^Idempotency-Key: /);
      expect(res.body.issues[0]?.path).toEqual(['Idempotency-Key']);
    }
    // A UUID, as clients send: accepted, and a replay answers the same job.
    const key = randomUUID();
    const first = await api<{ jobId: string }>('/generate', { key: t.key, body, headers: { 'idempotency-key': key } });
    const again = await api<{ jobId: string }>('/generate', { key: t.key, body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(again.body.jobId).toBe(first.body.jobId);
  });

  it('sends a signed-in visitor on to a non-ASCII `next` with an encoded Location, not a 500', async () => {
    const tenant = await tenantWithLogin(base);
    const session = await signIn(base, { email: tenant.email, password: PASSWORD });
    const res = await fetch(`${base}/login?next=${encodeURIComponent('/jobs?q=桂花乌龙')}`, {
      headers: { cookie: session.cookie },
      redirect: 'manual',
    });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get('location')).toMatch(/\/jobs\?q=%E6%A1%82%E8%8A%B1%E4%B9%8C%E9%BE%99$/);
  });

  it('refuses a console form (server action) posted from another site with 403, not a 500', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const res = await fetch(`${base}/account`, {
        method: 'POST',
        headers: { 'next-action': 'a'.repeat(42), origin, 'content-type': 'text/plain;charset=UTF-8' },
        body: '[]',
      });
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  describe("another tenant's file, written as another address of it", () => {
    let owner: string;
    let url: string;
    beforeAll(async () => {
      owner = (await newTenant({ credits: 10 })).key;
      const up = await upload(base, owner, await sample('png'), { filename: 'a.png', type: 'image/png' });
      expect(up.status).toBe(200);
      url = up.body.url;
    });

    it('is refused in chat however the address is written', async () => {
      const other = await newTenant({ credits: 100 });
      const u = new URL(url);
      const path = u.pathname.replace('/files/', '');
      const variants = [
        url,
        url.replace(/^http:/, 'HTTP:'),
        `${u.protocol}//${u.host}/files/./${path}`,
        `${u.protocol}//${u.host}/files/%2e/${path}`,
        `${u.protocol}//${u.host}/files/x/../${path}`,
        ...(u.hostname === '127.0.0.1'
          ? [url.replace('127.0.0.1', 'localhost'), url.replace('127.0.0.1', '127.1')]
          : []),
      ];
      for (const image of variants) {
        const res = await api<{ error: { message: string } }>('/chat/completions', {
          key: other.key,
          body: {
            model: 'studio-auto',
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: '这是什么？' },
                  { type: 'image_url', image_url: { url: image } },
                ],
              },
            ],
          },
        });
        expect(res.status, image).toBe(400);
      }
    });
  });
});
