import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { adminKey, api } from '../helpers/api';

describe('REST conventions', () => {
  it('serves health without a key', async () => {
    const res = await api('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
  });

  it('answers unknown paths with 404 and wrong methods with 405, both as JSON errors', async () => {
    const missing = await api('/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
      reason: 'not_found',
      error: expect.stringContaining('/api/no-such-thing'),
    });

    const wrong = await api('/balance', { method: 'DELETE', key: adminKey() });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(wrong.body).toMatchObject({ ok: false, code: 'METHOD_NOT_ALLOWED', reason: 'method_not_allowed' });
  });

  it('rejects invalid JSON with 400, non-JSON with 415 and oversized bodies with 413', async () => {
    const bad = await api('/admin', { key: adminKey(), rawBody: '{"action": ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, error: 'The request body is not valid JSON' });

    const form = await api('/admin', {
      key: adminKey(),
      rawBody: 'action=tenant-list',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(form.body.ok).toBe(false);

    const huge = await api('/admin', {
      key: adminKey(),
      rawBody: JSON.stringify({ action: 'tenant-list', pad: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE', reason: 'payload_too_large' });
  });

  it('names the offending fields in validation errors', async () => {
    const res = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: 'abc', credits: 1.5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/tenant_id/);
    expect(res.body.error).toMatch(/credits/);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', reason: 'validation' });
    const unknown = await api('/admin', { key: adminKey(), body: { action: 'tenant-destroy' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/Unknown action/);
  });

  it('serves an OpenAPI 3.1 document that a validator accepts, with the key security schemes', async () => {
    const res = await api<Record<string, unknown>>('/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/balance', '/admin', '/tenant-accounts', '/tenant-pool']),
    );
    expect(doc.components.securitySchemes).toMatchObject({
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
  });
});
