import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_KEY } from '../helpers/api-server';
import { api, newMember, newTenant, sim, upload, waitForJob } from '../helpers/api';

const FIELDS = [
  'ok',
  'sculpt',
  'prompt',
  'prompt_cn',
  'style_tags',
  'aspect_ratio',
  'zh_name',
  'description',
  'genre',
  'ratio',
  'body_md',
  'image_category',
  'text_layers',
  'prompt_template',
  'fields',
  'template_error',
  'template_warnings',
].sort();
const LAYER_FIELDS = [
  'role',
  'content',
  'position',
  'coords',
  'font_category',
  'font_weight',
  'size_ratio',
  'color',
  'treatment',
  'alignment',
  'is_variable',
  'variable',
].sort();

interface Layer {
  role: string;
  content: string;
  is_variable: boolean;
  variable: string | null;
  coords: { x: number; y: number };
}
interface Answer {
  ok: boolean;
  text_layers: Layer[];
  prompt_template: string | null;
  fields: { key: string; label: string }[];
  template?: { id: string; slug: string; zh_name: string; tenant_id: string } | null;
  template_error: string | null;
  template_warnings: string[];
  [field: string]: unknown;
}
interface Result {
  ok: boolean;
  job_id: string;
  status: string;
  steps: { name: string; status: string; error?: string }[];
  result: Answer | null;
  error: string | null;
}

const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
/** A poster with known texts, drawn by the simulator, whose vision channels read them back exactly. */
async function poster(seed: number): Promise<Buffer> {
  const res = await sim('/__sim/poster', {
    json: {
      width: 600,
      height: 800,
      background: `#30${(40 + seed * 10).toString(16).padStart(2, '0')}70`,
      layers: [
        { role: 'title', text: '春日限定', x: 0.5, y: 0.12, size_ratio: 0.1, color: '#FFFFFF', font_weight: 700 },
        { role: 'subtitle', text: '全场新品', x: 0.5, y: 0.24, size_ratio: 0.05, color: '#FFEEDD' },
        { role: 'price', text: '¥99', x: 0.8, y: 0.85, size_ratio: 0.06, color: '#FF3300' },
      ],
    },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function convertForm(key: string, parts: Record<string, Buffer | string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), '海报.png');
  }
  const res = await fetch(`${inject('apiBase')}/api/image-to-template`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer & { error?: string; jobId?: string } };
}

async function resultOf(
  key: string,
  jobId: string,
  until: (r: Result) => boolean = (r) => r.status !== 'pending',
): Promise<Result> {
  for (let i = 0; i < 150; i++) {
    const res = await api<Result>(`/image-to-template?job_id=${jobId}`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (until(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`conversion ${jobId} did not end`);
}

describe('POST /api/image-to-template', () => {
  let key: string;
  let image: string;

  beforeAll(async () => {
    key = (await newTenant({ credits: 1000 })).key;
    const up = await upload(inject('apiBase'), key, await poster(1), { filename: '春日海报.png' });
    expect(up.status).toBe(200);
    image = up.body.url;
  });

  afterEach(async () => {
    await sim('/__sim/faults', { method: 'DELETE' });
  });

  it('converts synchronously: exactly the spec fields, text layers with slots from the list, charged 4', async () => {
    const before = await balance(key);
    const res = await api<Answer>('/image-to-template', { key, body: { image_url: image } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body.ratio).toBe('3:4');
    for (const l of res.body.text_layers) expect(Object.keys(l).sort()).toEqual(LAYER_FIELDS);
    expect(res.body.text_layers.map((l) => [l.content, l.coords, l.variable])).toEqual([
      ['春日限定', { x: 0.5, y: 0.12 }, 'title'],
      ['全场新品', { x: 0.5, y: 0.24 }, 'subtitle'],
      ['¥99', { x: 0.8, y: 0.85 }, 'price'],
    ]);
    expect(res.body.fields.map((f) => f.key)).toEqual(['title', 'subtitle', 'price']);
    for (const s of ['{title}', '{subtitle}', '{price}']) expect(res.body.prompt_template).toContain(s);
    expect(res.body.template_error).toBeNull();
    expect(await balance(key)).toBe(before - 4);
  });

  it('takes a multipart file with its options as text; JSON options stay strictly typed', async () => {
    const form = await convertForm(key, {
      file: await poster(2),
      variables: 'title,subtitle',
      variable_labels: '{"title":"活动主题"}',
      async: 'false',
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.fields.map((f) => [f.key, f.label])).toEqual([
      ['title', '活动主题'],
      ['subtitle', '副标题'],
    ]);
    expect(form.body.text_layers.find((l) => l.content === '¥99')).toMatchObject({
      is_variable: false,
      variable: null,
    });
    const yes = await convertForm(key, { file: await poster(2), async: 'yes' });
    expect(yes.status).toBe(400);
    expect(yes.body.error).toContain('async');
    const stringly = await api<{ error: string }>('/image-to-template', {
      key,
      body: { image_url: image, create_template: 'true' },
    });
    expect(stringly.status).toBe(400);
    expect(stringly.body.error).toContain('create_template');
  });

  it('refuses unknown parameters, names outside the variable list, and a missing or double image', async () => {
    const other = await api<{ error: string }>('/image-to-template', {
      key,
      body: { image_url: image, quality: 'high' },
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toContain('quality');
    const stranger = await api<{ error: string }>('/image-to-template', {
      key,
      body: { image_url: image, variables: ['title', 'headline'] },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toContain('"headline" is not a variable name; the names are title, subtitle');
    const neither = await api('/image-to-template', { key, body: { variables: ['title'] } });
    expect(neither.status).toBe(400);
    const both = await convertForm(key, { file: await poster(3), image_url: image });
    expect(both.status).toBe(400);
    const refused = await api<{ error: string }>('/image-to-template', {
      key,
      body: { image_url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(refused.status).toBe(400);
  });

  it('is for the tenant key only: member keys 403 and told not to retry, the operator key 403', async () => {
    const member = await newMember(key);
    const res = await api<{ error: string }>('/image-to-template', { key: member.key, body: { image_url: image } });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('Do not retry');
    expect(
      (await api('/image-to-template?job_id=00000000-0000-4000-8000-000000000000', { key: member.key })).status,
    ).toBe(403);
    expect((await api('/image-to-template', { key: ADMIN_KEY, body: { image_url: image } })).status).toBe(403);
  });

  it('creates a template asynchronously with steps in order; a generate with only template_id and input uses the image', async () => {
    const slug = `poster-${Date.now().toString(36)}`;
    const res = await api<{ ok: boolean; jobId: string; status: string; async: boolean }>('/image-to-template', {
      key,
      body: { image_url: image, create_template: true, template: { zh_name: '春日海报模板', slug, category: '海报' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, jobId: expect.any(String), status: 'pending', async: true });
    const job = await waitForJob(key, res.body.jobId);
    expect(job.status).toBe('done');
    expect(job.steps?.map((s) => [s.name, s.status])).toEqual([
      ['receive image', 'ok'],
      ['parse image', 'ok'],
      ['extract text layers', 'ok'],
      ['create template', 'ok'],
    ]);
    const r = await resultOf(key, res.body.jobId);
    expect(r).toMatchObject({ ok: true, status: 'done', error: null });
    expect(Object.keys(r.result ?? {}).sort()).toEqual([...FIELDS, 'template'].sort());
    const template = r.result?.template;
    expect(template).toMatchObject({ slug, zh_name: '春日海报模板' });
    const listed = await api<{
      templates: { id: string; category: string; generation_configs: { default_reference_images?: string[] }[] }[];
    }>(`/templates?slug=${slug}`, { key });
    expect(listed.body.templates[0]).toMatchObject({ id: template?.id, category: '海报' });
    expect(listed.body.templates[0]?.generation_configs[0]?.default_reference_images?.[0]).toMatch(
      /\/templates\/.+\.png$/,
    );

    await sim('/__sim/requests', { method: 'DELETE' });
    const gen = await api<{ jobId: string }>('/generate', { key, body: { template_id: template?.id, input: {} } });
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    expect((await waitForJob(key, gen.body.jobId)).status).toBe('done');
    const log = (await (await sim('/__sim/requests')).json()) as { path: string; status: number }[];
    expect(log.some((e) => e.path.endsWith('/images/edits') && e.status === 200)).toBe(true);

    const again = await api<{ error: string }>('/image-to-template', {
      key,
      body: { image_url: image, create_template: true, template: { slug } },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain(`"${slug}" is already taken`);
  });

  it('a stalled conversion is failed by the watchdog as a time-out fallback and refunded', async () => {
    const before = await balance(key);
    await sim('/__sim/faults', { json: { channel: '*', fault: 'timeout' } });
    const res = await api<{ jobId: string }>('/image-to-template', { key, body: { image_url: image, async: true } });
    expect(res.status).toBe(200);
    const running = await resultOf(key, res.body.jobId, (r) => r.steps.some((s) => s.status === 'running'));
    expect(running.steps.map((s) => s.name)).toEqual(['receive image', 'parse image']);
    const r = await resultOf(key, res.body.jobId);
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/^Time-out fallback: .*not a model failure/);
    expect(r.steps).toEqual([
      { name: 'receive image', status: 'ok' },
      { name: 'parse image', status: 'fail', error: expect.any(String) },
    ]);
    expect(r.result).toBeNull();
    expect(await balance(key)).toBe(before);
  });

  it('reads results only for the job’s own tenant', async () => {
    const res = await api<{ jobId: string }>('/image-to-template', { key, body: { image_url: image, async: true } });
    const other = await newTenant({ credits: 10 });
    expect((await api(`/image-to-template?job_id=${res.body.jobId}`, { key: other.key })).status).toBe(404);
    expect((await api('/image-to-template?job_id=nope', { key })).status).toBe(400);
    expect((await api('/image-to-template', { key })).status).toBe(400);
    await resultOf(key, res.body.jobId);
  });
});
