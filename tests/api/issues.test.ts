import { describe, expect, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';

interface ErrorBody {
  ok: false;
  error: string;
  code: string;
  issues?: { path: (string | number)[]; message: string }[];
}

describe('refused fields in the REST error body', () => {
  it('lists each refused field of a body with its path, beside the same `error` text', async () => {
    const res = await api<ErrorBody>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: 'abc', credits: 1.5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid request: .*tenant_id/);
    expect(res.body.issues?.map((i) => i.path)).toEqual(expect.arrayContaining([['tenant_id'], ['credits']]));
  });

  it('names the field a domain rule refused, deep inside the body', async () => {
    const t = await newTenant();
    const created = await api<{ template: { id: string } }>('/templates', {
      key: t.key,
      body: {
        type: 'image',
        zh_name: '表单',
        prompt_template: '{product}',
        fields: [{ key: 'product', label: '商品' }],
      },
    });
    expect(created.status).toBe(200);
    const res = await api<ErrorBody>('/generate-batch', {
      key: t.key,
      body: { items: [{ prompt: '一只猫' }, { template_id: created.body.template.id, input: {} }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('items[1].input.product: required field "商品" is missing');
    expect(res.body.issues).toEqual([
      { path: ['items', 1, 'input', 'product'], message: 'required field "商品" is missing' },
    ]);
  });

  it('leaves `issues` out of errors that are not about fields', async () => {
    const res = await api<ErrorBody>('/balance');
    expect(res.status).toBe(401);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'ok', 'reason', 'request_id']);
  });

  it('documents action bodies as a union told apart by action', async () => {
    const doc = await api<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
      components: { schemas: Record<string, { oneOf?: { properties: { action: { const: string } } }[] }> };
    }>('/openapi.json');
    expect(doc.body.paths['/admin']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/AdminActionBody' } } },
    });
    const actions = doc.body.components.schemas.AccountsActionBody?.oneOf?.map((o) => o.properties.action.const);
    expect(actions).toEqual(['create', 'set-quota', 'rekey', 'toggle']);
  });
});
