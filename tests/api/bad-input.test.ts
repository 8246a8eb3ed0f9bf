import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newMember, newTenant, upload } from '../helpers/api';
import { sample } from '../helpers/media-samples';
import { pathsOf, replaceAt, sampleOf, variantsOf, type Known, type SchemaNode } from '../helpers/schema-sample';
import { multipartCases, transportCases, type Case } from '../helpers/sweep-cases';

/**
 * The bad-input sweep: every operation of /api/openapi.json gets requests built from its own request
 * schema and then broken (wrong types, NUL and lone surrogates, out-of-range and fractional numbers,
 * deep nesting, unknown fields, wrong content types, empty and malformed bodies, junk query values).
 * For each: never a 5xx, a refusal is the JSON error body, and a refused request moves no credits.
 * Seeded (STUDIO_SWEEP_SEED overrides the seed, STUDIO_SWEEP_RUNS the cases per operation;
 * STUDIO_SWEEP_SHOW_ACCEPTED=1 prints the cases the service accepted, to review by eye).
 */

interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path';
  required?: boolean;
  schema?: SchemaNode;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: SchemaNode }> };
  responses?: Record<string, unknown>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaNode> };
}

const SEED = Number(process.env.STUDIO_SWEEP_SEED ?? 20261123);
const RUNS = Number(process.env.STUDIO_SWEEP_RUNS ?? 24);

const doc = (await api<OpenApi>('/openapi.json')).body;
const resolve = (ref: string): SchemaNode => {
  const name = ref.split('/').pop() ?? '';
  const node = doc.components.schemas[name];
  if (!node) throw new Error(`unresolved ${ref}`);
  return node;
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    op,
    name: `${method.toUpperCase()} ${path}`,
  })),
);

interface Fixture {
  tenant: { id: string; key: string };
  other: { id: string; key: string };
  memberId: string;
  template: { id: string; slug: string };
  gated: { id: string; slug: string };
  article: { id: string; slug: string };
  video: { id: string; slug: string };
  hookId: string;
  claimCode: string;
  jobId: string;
  uploadKey: string;
}
let f: Fixture;

async function ok<T>(what: string, res: Promise<{ status: number; body: T }>): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  const tenant = await newTenant({ credits: 1_000_000, name: '扫描租户' });
  const other = await newTenant({ credits: 1000, name: '扫描旁观租户' });
  const member = await newMember(tenant.key);
  type T = { template: { id: string; slug: string } };
  const template = (
    await ok(
      'template',
      api<T>('/templates', {
        key: tenant.key,
        body: { type: 'image', zh_name: '扫描模板', prompt_template: '一张{主题}的照片' },
      }),
    )
  ).template;
  const gated = (
    await ok(
      'gated',
      api<T>('/templates', {
        key: tenant.key,
        body: { type: 'image', zh_name: '扫描付费模板', prompt_template: '付费：{主题}' },
      }),
    )
  ).template;
  const article = (
    await ok(
      'article',
      api<T>('/templates', {
        key: tenant.key,
        body: { type: 'article', zh_name: '扫描文案', format: 'xiaohongshu', prompt_template: '文案：{input}' },
      }),
    )
  ).template;
  const video = (
    await ok(
      'video',
      api<T>('/video-templates', {
        key: tenant.key,
        body: {
          zh_name: '扫描视频',
          prompt_template: '视频：{主题}',
          generation_configs: [{ ratio: '9:16', duration: 5 }],
        },
      }),
    )
  ).template;
  const hook = (
    await ok(
      'hook',
      api<{ hook: { id: string } }>('/template-hooks', {
        key: tenant.key,
        body: { image_template_slug: template.slug, hook_type: 'article', hook_template_slug: article.slug },
      }),
    )
  ).hook;
  const claim = await ok(
    'claim',
    api<{ code: string }>('/tenant-claims', { key: tenant.key, body: { template_ids: [gated.id], credits: 5 } }),
  );
  const job = await ok(
    'job',
    api<{ jobId: string }>('/generate', { key: tenant.key, body: { prompt: '扫描用的第一张图', quality: 'low' } }),
  );
  const up = (await upload(inject('apiBase'), tenant.key, await sample('png'), { filename: '扫描.png' })).body;
  f = {
    tenant,
    other,
    memberId: member.id,
    template,
    gated,
    article,
    video,
    hookId: hook.id,
    claimCode: claim.code,
    jobId: job.jobId,
    uploadKey: up.key,
  };
}, 120_000);

/** Values that let a sampled request reach past "not found": the sweep's own objects. */
function knownFor(name: string): Known {
  const ids: Record<string, string> = {
    'PATCH /templates': f.template.id,
    'PATCH /video-templates': f.video.id,
    'PATCH /template-hooks': f.hookId,
    'DELETE /template-hooks': f.hookId,
    'GET /jobs': f.jobId,
    'GET /videos': f.jobId,
    'DELETE /videos': f.jobId,
  };
  return {
    // The operator's actions aim at the bystander tenant, never at the tenant whose key the sweep uses.
    tenant_id: f.other.id,
    account_id: f.memberId,
    template_ids: [f.gated.id],
    template_id: f.template.id,
    code: f.claimCode,
    image_template_slug: f.template.slug,
    hook_template_slug: f.article.slug,
    template_slug: f.article.slug,
    slug: name.includes('video') ? f.video.slug : f.template.slug,
    key: f.uploadKey,
    id: ids[name] ?? f.jobId,
    name: `扫描-${randomBytes(3).toString('hex')}`,
  };
}

/** Hand-written starting points where the schema alone does not make a request the service accepts. */
function basesFor(name: string, body: SchemaNode | undefined): unknown[] {
  switch (name) {
    case 'POST /generate':
      return [
        { prompt: '一只橘猫在窗台上', quality: 'low' },
        { template_id: f.template.id, input: { 主题: '春天的茶' }, quality: 'low' },
      ];
    case 'POST /generate-batch':
      return [
        {
          items: [
            { prompt: '一只猫', quality: 'low' },
            { prompt: '一只狗', quality: 'low' },
          ],
        },
      ];
    case 'POST /videos':
      return [
        { prompt: '海边的日落', model: 'videomodel-2-0-fast-260801', duration: 5, resolution: '720p', ratio: '16:9' },
        { template_id: f.video.id, input: '春天的茶' },
      ];
    case 'POST /article':
      return [{ template_slug: f.article.slug, input: '一款保温杯，316 不锈钢' }];
    case 'POST /chat/completions':
    case 'POST /chat':
      return [
        { model: 'studio-auto', messages: [{ role: 'user', content: '用一句话介绍上海' }], max_tokens: 40 },
        {
          model: 'studio-auto',
          stream: true,
          messages: [
            { role: 'system', content: '你是助手' },
            { role: 'user', content: '你好' },
          ],
          max_tokens: 40,
        },
      ];
    default:
      return body ? variantsOf(body, resolve).map((v) => sampleOf(v, resolve, knownFor(name))) : [];
  }
}

const nested = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: nested(depth - 1) });
const nestedArray = (depth: number): unknown => (depth === 0 ? [] : [nestedArray(depth - 1)]);

/** Values no field should take without a clear refusal (or, where the field allows them, a clean answer). */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    'false',
    'true',
    '0',
    '0x10',
    '1e2',
    '1e1',
    '-1',
    '3.5',
    'null',
    '[]',
    '\u0000',
    'a\u0000b',
    '中文\u0000',
    '\ud800',
    'x\udfffy',
    '\udc00\ud800',
    '../../etc/passwd',
    '%00',
    '%E0%A4%A',
    '<script>alert(1)</script>',
    "'; drop table tenants; --",
    '9'.repeat(40),
    'x'.repeat(70_000),
    '长'.repeat(20_000),
    -1,
    0,
    1.5,
    -0.5,
    1e-308,
    5e-324,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    null,
    true,
    false,
    [],
    {},
    [3],
    [null],
    ['\u0000'],
    { a: 1 },
    nested(40),
    nestedArray(200),
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Number spellings JSON allows that a JavaScript value cannot carry through JSON.stringify. */
const rawNumber = fc.constantFrom(
  '1e400',
  '-1e400',
  '1E2',
  '-0',
  '1.0',
  '0.1e1',
  '123456789012345678901234567890',
  '1e-400',
);

/** Whole-body shapes: not an object, an object of junk, nesting deep enough to hurt a recursive parser. */
const junkBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })),
  fc.constantFrom<Case['body']>(
    { raw: '['.repeat(20_000) + ']'.repeat(20_000) },
    { raw: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) },
    { raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  ),
);

const PASSING_KEYS = ['unknown_field', '__proto__', 'constructor', '\u0000', 'tenant_id', 'ok', ''];

function bodyCases(name: string, bases: unknown[]): fc.Arbitrary<Case> {
  const base = fc.constantFrom(...bases);
  const atPath = base.chain((b) => fc.tuple(fc.constant(b), fc.constantFrom(...pathsOf(b))));
  return fc
    .oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(atPath, badValue).map(([[b, path], value]) => ({
          kind: `value at ${path.join('.') || '(root)'}`,
          body: { json: replaceAt(b, path, value) },
        })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(atPath, rawNumber).map(([[b, path], number]) => ({
          kind: `number ${number} at ${path.join('.') || '(root)'}`,
          body: { raw: JSON.stringify(replaceAt(b, path, '\u0001RAW\u0001')).replace('"\\u0001RAW\\u0001"', number) },
        })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(base, fc.constantFrom(...PASSING_KEYS), badValue).map(([b, key, value]) => {
          const text = JSON.stringify(b);
          const extra = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
          const raw = text.startsWith('{') ? (text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`) : text;
          return { kind: `unknown field ${JSON.stringify(key)}`, body: { raw } };
        }),
      },
      { weight: 1, arbitrary: junkBody.map((body) => ({ kind: 'junk body', body })) },
      {
        weight: 1,
        arbitrary: fc.tuple(base, fc.constantFrom('', ' ', 'x'.repeat(300), 'same-key', '\t')).map(([b, key]) => ({
          kind: `idempotency key ${JSON.stringify(key.slice(0, 10))}`,
          body: { json: b },
          headers: { 'idempotency-key': key },
        })),
      },
    )
    .map((c) => ({ ...c, kind: `${name}: ${c.kind}` }));
}

function queryCases(name: string, params: Parameter[]): fc.Arbitrary<Case> {
  const known = knownFor(name);
  const query = params.filter((p) => p.in === 'query');
  const base: [string, string][] = query
    .filter((p) => p.required)
    .map((p) => [p.name, String(p.schema ? sampleOf(p.schema, resolve, known, p.name) : 'x')]);
  const names = [...query.map((p) => p.name), 'unknown', ''];
  const badText = fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      'abc',
      '-1',
      '0',
      '1.5',
      '1e2',
      '0x10',
      '99999999999999999999',
      '2147483648',
      'true',
      'false',
      'null',
      '中文',
      '\u0000',
      'x'.repeat(5000),
    ),
    fc.string({ maxLength: 10 }),
  );
  const headerCase: fc.Arbitrary<Case>[] = params.some(
    (p) => p.in === 'header' && p.name.toLowerCase() === 'last-event-id',
  )
    ? [
        fc
          .constantFrom('', '-1', 'abc', '1.5', '9'.repeat(40), '2026-13-45', ' ')
          .map((v) => ({ kind: `Last-Event-ID ${JSON.stringify(v)}`, query: base, headers: { 'last-event-id': v } })),
      ]
    : [];
  return fc
    .oneof(
      fc.tuple(fc.constantFrom(...names), badText).map(([k, v]) => ({
        kind: `query ${k}=${JSON.stringify(v.slice(0, 12))}`,
        query: [...base.filter(([b]) => b !== k), [k, v] as [string, string]],
      })),
      fc.tuple(fc.constantFrom(...names), badText, badText).map(([k, a, b]) => ({
        kind: `query ${k} repeated`,
        query: [...base.filter(([x]) => x !== k), [k, a] as [string, string], [k, b] as [string, string]],
      })),
      fc
        .constantFrom('%E0%A4%A', '%', '%zz', 'a=%00', '=&=&', '&&&', 'x=%ff%fe')
        .map((raw) => ({ kind: `raw query ${raw}`, query: base, rawQuery: raw })),
      ...headerCase,
    )
    .map((c) => ({ ...c, kind: `${name}: ${c.kind}` }));
}

interface Answer {
  status: number;
  type: string;
  text: string;
}

async function send(method: string, path: string, c: Case, key: string | null): Promise<Answer> {
  const url = new URL(`${inject('apiBase')}/api${path}`);
  for (const [k, v] of c.query ?? []) url.searchParams.append(k, v);
  let target = url.toString();
  if (c.rawQuery) target += `${url.search ? '&' : '?'}${c.rawQuery}`;
  const headers: Record<string, string> = { ...c.headers };
  if (key) headers['x-api-key'] = key;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (c.body && 'json' in c.body) {
    body = JSON.stringify(c.body.json) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body) {
    body = typeof c.body.raw === 'string' ? c.body.raw : new Uint8Array(c.body.raw);
    if (c.body.type !== null) headers['content-type'] = c.body.type ?? 'application/json';
  }
  const controller = new AbortController();
  const res = await fetch(target, { method, headers, body, signal: controller.signal });
  const type = res.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    // An accepted stream stays open: the answer's head is all the sweep needs.
    controller.abort();
    return { status: res.status, type, text: '' };
  }
  return { status: res.status, type, text: await res.text() };
}

/** The credits of the sweep's tenant and the bystander, as the operator sees them. */
async function balances(): Promise<string> {
  const list = await ok(
    'tenant-list',
    api<{ tenants: { id: string; credits: number }[] }>('/admin', { key: adminKey(), body: { action: 'tenant-list' } }),
  );
  return JSON.stringify(
    list.tenants.filter((t) => t.id === f.tenant.id || t.id === f.other.id).map((t) => [t.id, t.credits]),
  );
}

/** Waits until no job of the sweep's tenant is pending, so its balance stays still while refusals are checked. */
async function settle(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const res = await api<{ jobs: unknown[] }>('/jobs?status=pending&limit=1', { key: f.tenant.key });
    if (res.status === 200 && res.body.jobs.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('jobs of the sweep did not finish');
}

/** Waits until the balances read the same twice in a row. */
async function steadyBalances(): Promise<void> {
  let last = await balances();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 60));
    const now = await balances();
    if (now === last) return;
    last = now;
  }
}

const totals = { operations: new Set<string>(), cases: 0, refused: 0, accepted: 0, fiveHundreds: 0 };

afterAll(() => {
  console.info(
    `bad-input sweep (seed ${SEED}): ${totals.operations.size} operations, ${totals.cases} cases, ${totals.refused} refused, ${totals.accepted} accepted, ${totals.fiveHundreds} answers of 5xx`,
  );
});

describe('bad-input sweep over every operation of the API document', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(34);
  });

  for (const { method, path, op, name } of operations) {
    it(`${name}: never 5xx, refusals are JSON errors, and refused requests move no credits`, async () => {
      const key = path === '/admin' ? adminKey() : path === '/social-claims' ? null : f.tenant.key;
      const openAiErrors = JSON.stringify(op.responses ?? {}).includes('#/components/schemas/OpenAIError');
      let before = await balances();
      const check = async (c: Case) => {
        totals.cases += 1;
        const got = await send(method, path, c, key);
        const label = `${c.kind} → ${got.status} ${got.text.slice(0, 300)}`;
        if (got.status >= 500) totals.fiveHundreds += 1;
        expect(got.status, label).toBeLessThan(500);
        if (got.status >= 400) {
          totals.refused += 1;
          expect(got.type, label).toMatch(/^application\/json/);
          const parsed = JSON.parse(got.text) as { ok?: unknown; error?: unknown };
          if (openAiErrors) {
            // OpenAI's error object, so the OpenAI SDKs raise their typed errors.
            const e = parsed.error as { message?: unknown; type?: unknown } | undefined;
            expect(typeof e?.message === 'string' && e.message.length > 0 && typeof e.type === 'string', label).toBe(
              true,
            );
          } else {
            expect(parsed.ok, label).toBe(false);
            expect(typeof parsed.error === 'string' && parsed.error.length > 0, label).toBe(true);
          }
          expect(await balances(), `${label}: a refused request moved credits`).toBe(before);
        } else {
          totals.accepted += 1;
          if (process.env.STUDIO_SWEEP_SHOW_ACCEPTED)
            console.info(`accepted: ${c.kind} ${JSON.stringify(c.body ?? c.query ?? '').slice(0, 200)}`);
          await settle();
          // A chat answer settles its charge as it ends (a stream the sweep left may end just after).
          if (path.startsWith('/chat')) await steadyBalances();
          before = await balances();
        }
      };

      const json = op.requestBody?.content['application/json']?.schema;
      let arbitrary: fc.Arbitrary<Case>;
      if (op.requestBody?.content['multipart/form-data']) {
        arbitrary = multipartCases(name);
      } else if (json) {
        const bases = basesFor(name, json);
        for (const c of transportCases(bases[0])) await check({ ...c, kind: `${name}: ${c.kind}` });
        arbitrary = bodyCases(name, bases);
      } else {
        arbitrary = queryCases(name, op.parameters ?? []);
      }
      await fc.assert(fc.asyncProperty(arbitrary, check), { seed: SEED, numRuns: RUNS, endOnFailure: true });
      totals.operations.add(name);
    }, 120_000);
  }

  it('ran every operation', () => {
    expect([...totals.operations].sort()).toEqual(operations.map((o) => o.name).sort());
    expect(totals.fiveHundreds).toBe(0);
  });
});
