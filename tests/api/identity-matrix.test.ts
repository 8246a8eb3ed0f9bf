import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newMember, newTenant, upload, waitForJob, type ApiResult } from '../helpers/api';
import { sample } from '../helpers/media-samples';
import {
  IDENTITIES,
  MATRIX,
  SEES,
  type Fixture,
  type IdentityName,
  type Request,
  type Row,
} from './identity-matrix.table';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

let fixture: Fixture;
/** The key each identity presents (null: none). */
let keys: Record<IdentityName, string | null>;
/** What each identity must never see: A1's data for A's other member, A's and A1's for everyone outside A. */
let hidden: Record<IdentityName, string[]>;

async function ok<T>(res: Promise<ApiResult<T>>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  const a = await newTenant({ credits: 5000, name: '矩阵租户甲' });
  const a1 = await newMember(a.key);
  const a2 = await newMember(a.key);
  const disabled = await newMember(a.key);
  await ok(
    api('/tenant-accounts', { key: a.key, body: { action: 'toggle', account_id: disabled.id, disabled: true } }),
    'disable',
  );
  const b = await newTenant({ credits: 5000, name: '矩阵租户乙' });
  const b1 = await newMember(b.key);
  const rekeyed = await newTenant();
  await ok(api('/admin', { key: adminKey(), body: { action: 'tenant-rekey', tenant_id: rekeyed.id } }), 'rekey');

  const marker = `矩阵私有提示词-${randomBytes(4).toString('hex')}`;
  const template = (
    await ok(
      api<{ template: { id: string; slug: string } }>('/templates', {
        key: a.key,
        body: { type: 'image', zh_name: '甲的模板', prompt_template: `${marker}：{主题}` },
      }),
      'template',
    )
  ).template;
  const gated = (
    await ok(
      api<{ template: { id: string; slug: string } }>('/templates', {
        key: a.key,
        body: { type: 'image', zh_name: '甲的付费模板', prompt_template: '付费：{主题}' },
      }),
      'gated',
    )
  ).template;
  const article = (
    await ok(
      api<{ template: { id: string; slug: string } }>('/templates', {
        key: a.key,
        body: {
          type: 'article',
          zh_name: '甲的文案',
          format: 'xiaohongshu',
          prompt_template: `${marker} 文案：{input}`,
        },
      }),
      'article',
    )
  ).template;
  const video = (
    await ok(
      api<{ template: { id: string; slug: string } }>('/video-templates', {
        key: a.key,
        body: {
          zh_name: '甲的视频',
          prompt_template: `${marker} 视频：{主题}`,
          generation_configs: [{ ratio: '9:16', duration: 5 }],
        },
      }),
      'video',
    )
  ).template;
  const hook = (
    await ok(
      api<{ hook: { id: string } }>('/template-hooks', {
        key: a.key,
        body: { image_template_slug: template.slug, hook_type: 'article', hook_template_slug: article.slug },
      }),
      'hook',
    )
  ).hook;
  const claim = await ok(
    api<{ code: string }>('/tenant-claims', { key: a.key, body: { template_ids: [gated.id], credits: 10 } }),
    'claim',
  );
  const redeemed = await ok(
    api<{ api_key: string }>('/social-claims', {
      body: { code: claim.code, nickname: '买家', email: `matrix-${randomBytes(4).toString('hex')}@example.cn` },
    }),
    'redeem',
  );

  const up = (await upload(inject('apiBase'), a1.key, await sample('png'), { filename: '甲一的图.png' })).body;
  const job = await ok(
    api<{ jobId: string }>('/generate', { key: a1.key, body: { prompt: `${marker} 甲一的作品`, quality: 'low' } }),
    'job',
  );
  await waitForJob(a1.key, job.jobId);
  await ok(api('/article', { key: a1.key, body: { template_slug: article.slug, input: '甲一的文案' } }), 'article');
  const written = await ok(api<{ articles: { id: string }[] }>('/article/history', { key: a1.key }), 'article history');
  const articleId = written.articles[0]?.id ?? '';
  const response = await ok(
    api<{ id: string }>('/responses', { key: a1.key, body: { model: 'studio-auto', input: `${marker} 甲一的问题` } }),
    'response',
  );

  const a1Key = await ok(
    api<{ key: { id: string } }>('/tenant-keys', { key: a1.key, body: { label: '甲一的命名密钥' } }),
    'named key',
  );

  fixture = {
    tenantId: a.id,
    template,
    article,
    video,
    hookId: hook.id,
    redeemedCode: claim.code,
    a1: {
      id: a1.id,
      jobId: job.jobId,
      articleId,
      responseId: response.id,
      uploadUrl: up.url,
      uploadKey: up.key,
      keyId: a1Key.key.id,
    },
  };
  keys = {
    none: null,
    garbage: `sk-studio-${randomBytes(20).toString('hex')}`,
    rekeyed: rekeyed.key,
    disabledMember: disabled.key,
    sameTenantMember: a2.key,
    otherTenantMember: b1.key,
    otherTenant: b.key,
    buyer: redeemed.api_key,
    operator: adminKey(),
  };
  const memberPrivate = [job.jobId, articleId, response.id, up.key, a1.key, a1.id, a1Key.key.id];
  const tenantPrivate = [a.id, a.key, marker, template.id, article.id, video.id, hook.id, claim.code];
  hidden = Object.fromEntries(
    IDENTITIES.map((i) => [i, i === 'sameTenantMember' ? memberPrivate : [...memberPrivate, ...tenantPrivate]]),
  ) as Record<IdentityName, string[]>;
}, 120_000);

/** Operations that answer errors in OpenAI's shape (`{error: {message, type, code}}`): docs/api.md → Chat → Errors. */
const OPENAI_DIALECT = /^(POST \/chat\/completions|GET \/models|POST \/responses|GET \/responses\/|POST \/images\/)/;

/** Sends one row's request as one identity; answers the status and the answer's text. */
async function send(
  operation: string,
  req: Request,
  key: string | null,
): Promise<{ status: number; text: string; type: string }> {
  const [method = 'GET', path = '/'] = operation.split(' ');
  const url = new URL(`${inject('apiBase')}/api${req.path ?? path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = key ? { 'x-api-key': key } : {};
  if (req.multipart) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await sample('png'))], { type: 'image/png' }), 'matrix.png');
    const res = await fetch(url, { method, headers, body: form });
    return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
  }
  if (req.stream) {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { ...headers, 'last-event-id': '1' }, signal: controller.signal });
    let text = '';
    if (res.ok && res.body) {
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const deadline = Date.now() + 10_000;
      while (!text.includes('event: ready') && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      controller.abort();
    } else {
      text = await res.text();
    }
    return { status: res.status, text, type: res.headers.get('content-type') ?? '' };
  }
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

describe('identity matrix over every operation of the API document', () => {
  it('has a row for every operation, and no row for an operation that does not exist', async () => {
    const doc = (await api<OpenApi>('/openapi.json')).body;
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThanOrEqual(34);
    expect(Object.keys(MATRIX).sort()).toEqual(operations.sort());
    for (const [operation, rows] of Object.entries(MATRIX)) expect(rows.length, operation).toBeGreaterThan(0);
  });

  it('answers each identity as the table says, with no 5xx and no grant the table does not make', async () => {
    const failures: string[] = [];
    let cases = 0;
    let fiveHundreds = 0;
    const run = async (operation: string, row: Row) => {
      const req = row.request(fixture);
      for (const identity of IDENTITIES) {
        cases += 1;
        const expected = row.expect[identity];
        const got = await send(operation, req, keys[identity]);
        const label = `${operation}${row.name ? ` (${row.name})` : ''} as ${identity}`;
        if (got.status >= 500) fiveHundreds += 1;
        const wanted = expected === SEES ? 200 : expected;
        if (got.status !== wanted) {
          failures.push(`${label}: expected ${wanted}, got ${got.status} ${got.text.slice(0, 200)}`);
          continue;
        }
        if (got.status >= 400) {
          const body = JSON.parse(got.text) as { ok?: unknown; error?: unknown };
          // The OpenAI-compatible paths answer OpenAI's error object, so the OpenAI SDKs raise their typed errors.
          const openAi = OPENAI_DIALECT.test(operation);
          const shaped = openAi
            ? typeof (body.error as { message?: unknown } | undefined)?.message === 'string' &&
              typeof (body.error as { type?: unknown }).type === 'string'
            : body.ok === false && typeof body.error === 'string';
          if (!shaped || !/application\/json/.test(got.type))
            failures.push(`${label}: not the JSON error body: ${got.text.slice(0, 200)}`);
        } else if (expected !== SEES) {
          const leaked = hidden[identity].filter((secret) => got.text.includes(secret));
          if (leaked.length) failures.push(`${label}: shows another identity's data (${leaked.join(', ')})`);
        }
      }
    };
    for (const [operation, rows] of Object.entries(MATRIX)) {
      for (const row of rows) await run(operation, row);
    }
    console.info(
      `identity matrix: ${Object.keys(MATRIX).length} operations, ${cases} cases, ${fiveHundreds} answers of 5xx, ${failures.length} unexpected answers`,
    );
    expect(failures).toEqual([]);
    expect(fiveHundreds).toBe(0);
    // Nothing the matrix sent changed A1's standing: its job, upload and account are as they were.
    expect(
      (await api<{ job: { id: string } }>(`/jobs?id=${fixture.a1.jobId}`, { key: keys.sameTenantMember })).status,
    ).toBe(404);
  }, 180_000);
});
