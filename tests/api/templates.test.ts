import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@/server/domain/catalog/seed';
import { adminKey, api, newMember, newTenant, waitForJob } from '../helpers/api';

interface Template {
  id: string;
  slug: string;
  type: 'image' | 'article';
  source: 'mine' | 'platform';
  tenant_id: string | null;
  visibility: string;
  active: boolean;
  gated: boolean;
  locked: boolean;
  prompt_template: string | null;
  fields: unknown[] | null;
  generation_configs: unknown[] | null;
  sample_images: string[];
}

let seq = 0;
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

const imageTemplate = (overrides: Record<string, unknown> = {}) => ({
  slug: uniqueSlug('cup'),
  type: 'image',
  zh_name: '保温杯主图',
  category: '电商',
  domain: 'ecommerce',
  ratio: '3:4',
  prompt_template: '{product}放在{scene}里，柔和自然光，高清商业摄影',
  fields: [
    { key: 'product', label: '商品名称', placeholder: '保温杯' },
    { key: 'scene', label: '场景', required: false, default: '木质桌面' },
  ],
  ...overrides,
});

const listTemplates = (key: string, query = '') =>
  api<{ ok: boolean; templates: Template[]; error?: string }>(`/templates${query}`, { key });
const createTemplate = (key: string, body: Record<string, unknown>) =>
  api<{ ok: boolean; template: Template; error?: string }>('/templates', { key, body });
const patchTemplate = (key: string, body: Record<string, unknown>) =>
  api<{ ok: boolean; template: Template; error?: string }>('/templates', { key, method: 'PATCH', body });

describe('templates: listing', () => {
  it('filters by type and source, marks every row with source, and refuses unknown filters with 400', async () => {
    const a = await newTenant();
    const mine = await createTemplate(a.key, imageTemplate());
    expect(mine.status).toBe(200);

    const all = await listTemplates(a.key);
    expect(all.status).toBe(200);
    expect(all.body.templates.every((t) => t.source === 'mine' || t.source === 'platform')).toBe(true);
    expect(all.body.templates.find((t) => t.id === mine.body.template.id)?.source).toBe('mine');
    const platform = all.body.templates.filter((t) => t.source === 'platform');
    expect(platform.length).toBeGreaterThan(0);
    expect(platform.every((t) => t.tenant_id === null && t.visibility === 'shared')).toBe(true);
    expect(new Set(all.body.templates.map((t) => t.type))).toEqual(new Set(['image', 'article']));

    const onlyMine = await listTemplates(a.key, '?source=mine');
    expect(onlyMine.body.templates.map((t) => t.id)).toEqual([mine.body.template.id]);
    const platformArticles = await listTemplates(a.key, '?type=article&source=platform');
    expect(platformArticles.body.templates.length).toBeGreaterThan(0);
    expect(platformArticles.body.templates.every((t) => t.type === 'article' && t.source === 'platform')).toBe(true);

    for (const bad of ['?type=video', '?source=theirs', '?type=IMAGE']) {
      const res = await listTemplates(a.key, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatch(/type|source/);
    }
  });

  it('shows platform templates to every tenant and one tenant’s templates to no other', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const created = await createTemplate(a.key, imageTemplate());
    const seenByB = await listTemplates(b.key);
    expect(seenByB.body.templates.some((t) => t.id === created.body.template.id)).toBe(false);
    const platformA = (await listTemplates(a.key, '?source=platform')).body.templates.map((t) => t.id).sort();
    const platformB = (await listTemplates(b.key, '?source=platform')).body.templates.map((t) => t.id).sort();
    expect(platformA).toEqual(platformB);
    // Members see their tenant's templates too.
    const member = await newMember(a.key);
    const byMember = await listTemplates(member.key, '?source=mine');
    expect(byMember.body.templates.map((t) => t.id)).toEqual([created.body.template.id]);
  });
});

describe('templates: create and update', () => {
  it('stamps the tenant from the key and refuses a taken slug with 409, never overwriting', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const body = imageTemplate();
    const first = await createTemplate(a.key, body);
    expect(first.status).toBe(200);
    expect(first.body.template).toMatchObject({
      slug: body.slug,
      tenant_id: a.id,
      source: 'mine',
      visibility: 'private',
      active: true,
    });

    const clash = await createTemplate(b.key, {
      ...body,
      zh_name: '别人的模板',
      prompt_template: '{product} {scene} 覆盖',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toContain(body.slug);
    const again = await listTemplates(a.key, `?slug=${body.slug}`);
    expect(again.body.templates[0]?.prompt_template).toBe(body.prompt_template);

    const stamped = await createTemplate(a.key, { ...imageTemplate(), tenant_id: b.id });
    expect(stamped.status).toBe(400);
    expect(stamped.body.error).toContain('tenant_id');

    const generated = await createTemplate(a.key, { ...imageTemplate(), slug: undefined });
    expect(generated.status).toBe(200);
    expect(generated.body.template.slug).toMatch(/^img-[0-9a-f]{10}$/);
  });

  it('checks the fields contract and the article format', async () => {
    const a = await newTenant();
    const cases: [Record<string, unknown>, RegExp][] = [
      [imageTemplate({ prompt_template: '{product} 在 {place}' }), /\{place\}/],
      [imageTemplate({ prompt_template: '{product} 特写' }), /field "scene" is not used/],
      [
        imageTemplate({
          fields: [
            { key: 'product', label: 'a' },
            { key: 'product', label: 'b' },
          ],
          prompt_template: '{product}',
        }),
        /used by two fields/,
      ],
      [imageTemplate({ type: 'article' }), /format/],
      [imageTemplate({ format: 'wechat' }), /format: only article templates/],
      [imageTemplate({ ratio: '7:1' }), /ratio/],
      [imageTemplate({ zh_name: '' }), /zh_name/],
      [
        { ...imageTemplate(), generation_configs: [{ default_reference_images: ['https://example.com/a.png'] }] },
        /default_reference_images\[0\]/,
      ],
    ];
    for (const [body, error] of cases) {
      const res = await createTemplate(a.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
  });

  it('lets members read but not write templates', async () => {
    const a = await newTenant();
    const member = await newMember(a.key);
    const res = await createTemplate(member.key, imageTemplate());
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/tenant key/);
    const own = await createTemplate(a.key, imageTemplate());
    expect((await patchTemplate(member.key, { id: own.body.template.id, zh_name: 'x' })).status).toBe(403);
  });

  it('updates with PATCH, deactivates with active: false, and keeps slug and type', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const { template } = (await createTemplate(a.key, imageTemplate())).body;

    const renamed = await patchTemplate(a.key, {
      id: template.id,
      zh_name: '新名字 ✨',
      prompt_template: '{product}，{scene}，俯拍',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.template).toMatchObject({
      zh_name: '新名字 ✨',
      prompt_template: '{product}，{scene}，俯拍',
      slug: template.slug,
    });

    expect((await patchTemplate(a.key, { id: template.id, slug: 'another-slug' })).status).toBe(400);
    expect((await patchTemplate(a.key, { id: template.id, type: 'article' })).status).toBe(400);
    expect((await patchTemplate(a.key, { id: template.id, prompt_template: '{product} only' })).body.error).toMatch(
      /scene/,
    );

    const other = await patchTemplate(b.key, { id: template.id, zh_name: '抢过来' });
    expect(other.status).toBe(404);

    const platform = (await listTemplates(a.key, '?source=platform')).body.templates[0];
    const platformPatch = await patchTemplate(a.key, { id: platform?.id, zh_name: '改平台模板' });
    expect(platformPatch.status).toBe(403);

    const off = await patchTemplate(a.key, { id: template.id, active: false });
    expect(off.body.template.active).toBe(false);
    const listed = await listTemplates(a.key, '?source=mine');
    expect(listed.body.templates.find((t) => t.id === template.id)?.active).toBe(false);
    const gen = await api<{ error: string }>('/generate', {
      key: a.key,
      body: { template_id: template.id, input: { product: '杯子' } },
    });
    expect(gen.status).toBe(400);
    expect(gen.body.error).toMatch(/deactivated/);

    const deleted = await api('/templates', { key: a.key, method: 'DELETE', body: { id: template.id } });
    expect(deleted.status).toBe(405);
  });
});

describe('templates: generation', () => {
  it('substitutes the slots on the server, by id or slug, with defaults for optional fields', async () => {
    const a = await newTenant();
    const { template } = (await createTemplate(a.key, imageTemplate())).body;
    const byId = await api<{ jobId: string }>('/generate', {
      key: a.key,
      body: { template_id: template.id, input: { product: '青花瓷保温杯' } },
    });
    expect(byId.status).toBe(200);
    const job = await waitForJob(a.key, byId.body.jobId);
    expect(job.status).toBe('done');
    const view = await api<{ job: { prompt: string; template_id: string; ratio: string } }>(
      `/jobs?id=${byId.body.jobId}`,
      { key: a.key },
    );
    expect(view.body.job.prompt).toBe('青花瓷保温杯放在木质桌面里，柔和自然光，高清商业摄影');
    expect(view.body.job.template_id).toBe(template.id);
    expect(view.body.job.ratio).toBe('3:4');

    const bySlug = await api<{ jobId: string }>('/generate', {
      key: a.key,
      body: { template_id: template.slug, input: { product: '杯', scene: '雪地' }, ratio: '1:1' },
    });
    expect(bySlug.status).toBe(200);
    const second = await api<{ job: { prompt: string; ratio: string } }>(`/jobs?id=${bySlug.body.jobId}`, {
      key: a.key,
    });
    expect(second.body.job.prompt).toBe('杯放在雪地里，柔和自然光，高清商业摄影');
    expect(second.body.job.ratio).toBe('1:1');
  });

  it('refuses a missing required field, unknown fields and someone else’s template with 400, charging nothing', async () => {
    const a = await newTenant({ credits: 50 });
    const b = await newTenant();
    const { template } = (await createTemplate(a.key, imageTemplate())).body;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ template_id: template.id, input: {} }, a.key, /input\.product: required field "商品名称" is missing/],
      [{ template_id: template.id, input: { product: '  ' } }, a.key, /input\.product/],
      [{ template_id: template.id }, a.key, /send an object/],
      [{ template_id: template.id, input: { product: '杯', colour: 'red' } }, a.key, /input\.colour: unknown field/],
      [{ template_id: template.id, input: { product: '杯' } }, b.key, /no template/],
      [{ template_id: 'no-such-template', input: {} }, a.key, /no template "no-such-template"/],
    ];
    for (const [body, key, error] of cases) {
      const res = await api<{ error: string }>('/generate', { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    const balance = await api<{ credits: number }>('/balance', { key: a.key });
    expect(balance.body.credits).toBe(50);
  });
});

describe('templates: gating', () => {
  it('lists a gated platform template without its content, refuses to run it, and shows owners their own', async () => {
    const slug = uniqueSlug('gated');
    const created = await createTemplate(adminKey(), {
      ...imageTemplate({ slug }),
      zh_name: '高级模板',
      gated: true,
    });
    expect(created.status).toBe(200);
    expect(created.body.template).toMatchObject({
      source: 'platform',
      tenant_id: null,
      visibility: 'shared',
      gated: true,
      locked: false,
    });

    const a = await newTenant();
    const row = (await listTemplates(a.key, `?slug=${slug}`)).body.templates[0];
    expect(row).toMatchObject({
      slug,
      gated: true,
      locked: true,
      prompt_template: null,
      fields: null,
      generation_configs: null,
      zh_name: '高级模板',
    });
    expect(JSON.stringify(row)).not.toContain('柔和自然光');

    const run = await api<{ error: string }>('/generate', {
      key: a.key,
      body: { template_id: slug, input: { product: '杯' } },
    });
    expect(run.status).toBe(403);
    expect(run.body.error).toMatch(/gated/);

    const own = await createTemplate(a.key, imageTemplate({ gated: true }));
    const ownRow = (await listTemplates(a.key, `?slug=${own.body.template.slug}`)).body.templates[0];
    expect(ownRow).toMatchObject({ gated: true, locked: false, prompt_template: expect.stringContaining('{product}') });
    const member = await newMember(a.key);
    const ownRun = await api('/generate', {
      key: member.key,
      body: { template_id: own.body.template.id, input: { product: '杯' } },
    });
    expect(ownRun.status).toBe(200);
  });
});

describe('video templates', () => {
  it('lists platform and own video templates with source, and validates the source filter', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const slug = uniqueSlug('vid');
    const created = await api<{ template: { id: string; source: string; generation_configs: unknown[] } }>(
      '/video-templates',
      {
        key: a.key,
        body: {
          slug,
          zh_name: '开箱视频',
          prompt_template: '镜头缓慢推进，打开{product}的包装盒',
          fields: [{ key: 'product', label: '商品' }],
          sample_cover_image: 'https://cdn.example.com/cover.jpg',
          generation_configs: [{ ratio: '9:16', duration: 5 }],
        },
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.template.source).toBe('mine');

    const all = await api<{
      templates: {
        slug: string;
        source: string;
        sample_cover_image: string | null;
        generation_configs: { ratio: string; duration: number }[];
      }[];
    }>('/video-templates', { key: a.key });
    expect(all.status).toBe(200);
    expect(all.body.templates.find((t) => t.slug === slug)?.source).toBe('mine');
    // The catalogue's platform video templates (other test files may add platform templates of their own).
    const catalogue = new Set(loadCatalog().templates.video_templates.map((t) => t.slug));
    const platform = all.body.templates.filter((t) => t.source === 'platform' && catalogue.has(t.slug));
    expect(platform.length).toBe(catalogue.size);
    for (const t of platform) {
      expect(t.generation_configs[0]).toEqual({ ratio: expect.any(String), duration: expect.any(Number) });
      expect(t.sample_cover_image).toMatch(/^https?:\/\//);
    }
    const others = await api<{ templates: { slug: string }[] }>('/video-templates?source=mine', { key: b.key });
    expect(others.body.templates).toEqual([]);
    const bad = await api<{ error: string }>('/video-templates?source=everything', { key: a.key });
    expect(bad.status).toBe(400);
    const own = created.body.template.id;
    const renamed = await api<{ template: { zh_name: string; generation_configs: unknown[] } }>('/video-templates', {
      key: a.key,
      method: 'PATCH',
      body: { id: own, zh_name: '开箱视频 第二版', generation_configs: [{ ratio: '16:9', duration: 8 }] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.template).toMatchObject({
      zh_name: '开箱视频 第二版',
      generation_configs: [{ ratio: '16:9', duration: 8 }],
    });
    expect(
      (await api('/video-templates', { key: a.key, method: 'PATCH', body: { id: own, generation_configs: [] } }))
        .status,
    ).toBe(400);
    expect(
      (await api('/video-templates', { key: b.key, method: 'PATCH', body: { id: own, zh_name: '抢' } })).status,
    ).toBe(404);
    const member = await newMember(a.key);
    expect(
      (await api('/video-templates', { key: member.key, method: 'PATCH', body: { id: own, zh_name: '成员改' } }))
        .status,
    ).toBe(403);
    const platformId = (await api<{ templates: { id: string }[] }>('/video-templates?source=platform', { key: a.key }))
      .body.templates[0]?.id;
    expect(platformId).toBeDefined();
    expect(
      (await api('/video-templates', { key: a.key, method: 'PATCH', body: { id: platformId, zh_name: '改平台' } }))
        .status,
    ).toBe(403);
    const off = await api<{ template: { active: boolean } }>('/video-templates', {
      key: a.key,
      method: 'PATCH',
      body: { id: own, active: false },
    });
    expect(off.body.template.active).toBe(false);

    const clash = await api('/video-templates', {
      key: b.key,
      body: { slug, zh_name: 'x', prompt_template: 'x', generation_configs: [{ ratio: '9:16', duration: 5 }] },
    });
    expect(clash.status).toBe(409);
  });
});
