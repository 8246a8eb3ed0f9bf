import { afterEach, describe, expect, it } from 'vitest';
import { api, newMember, newTenant, sim } from '../helpers/api';

interface Hook {
  id: string;
  image_template_slug: string;
  hook_type: 'article' | 'video';
  hook_template_slug: string;
  enabled: boolean;
  note: string;
}
interface Template {
  id: string;
  slug: string;
  type: string;
  format: string | null;
  fields: { key: string; label: string; required?: boolean }[] | null;
  locked: boolean;
}

let seq = 0;
const slug = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

async function platformSlugs(key: string) {
  const templates = (await api<{ templates: Template[] }>('/templates?source=platform', { key })).body.templates.filter(
    (t) => !t.locked,
  );
  const videos = (await api<{ templates: { slug: string }[] }>('/video-templates?source=platform', { key })).body
    .templates;
  const image = templates.find((t) => t.type === 'image');
  const article = templates.find((t) => t.type === 'article');
  if (!image || !article || !videos[0])
    throw new Error('the platform catalogue needs image, article and video templates');
  return { image: image.slug, article: article.slug, video: videos[0].slug };
}

const bind = (key: string, body: Record<string, unknown>) =>
  api<{ ok: boolean; created: boolean; hook: Hook; error?: string }>('/template-hooks', { key, body });

describe('template hooks', () => {
  it('binds once per image template and hook type: posting again updates the same binding', async () => {
    const t = await newTenant();
    const s = await platformSlugs(t.key);
    const first = await bind(t.key, {
      image_template_slug: s.image,
      hook_type: 'article',
      hook_template_slug: s.article,
      note: '自动配文',
    });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    expect(first.body.hook).toMatchObject({
      image_template_slug: s.image,
      hook_type: 'article',
      hook_template_slug: s.article,
      enabled: true,
      note: '自动配文',
    });

    const articles = (
      await api<{ templates: Template[] }>('/templates?type=article', { key: t.key })
    ).body.templates.filter((x) => !x.locked);
    const other = articles.find((a) => a.slug !== s.article);
    if (!other) throw new Error('need two article templates');
    const second = await bind(t.key, {
      image_template_slug: s.image,
      hook_type: 'article',
      hook_template_slug: other.slug,
      enabled: false,
    });
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(false);
    expect(second.body.hook).toMatchObject({
      id: first.body.hook.id,
      hook_template_slug: other.slug,
      enabled: false,
      note: '自动配文',
    });

    const video = await bind(t.key, { image_template_slug: s.image, hook_type: 'video', hook_template_slug: s.video });
    expect(video.body.created).toBe(true);

    const list = await api<{ hooks: Hook[] }>('/template-hooks', { key: t.key });
    expect(list.body.hooks.map((h) => h.hook_type).sort()).toEqual(['article', 'video']);
    const filtered = await api<{ hooks: Hook[] }>(`/template-hooks?image_template_slug=${s.image}`, { key: t.key });
    expect(filtered.body.hooks).toHaveLength(2);
    const none = await api<{ hooks: Hook[] }>('/template-hooks?image_template_slug=nothing-here', { key: t.key });
    expect(none.body.hooks).toEqual([]);
  });

  it('checks the hook type and that both slugs exist in the matching store', async () => {
    const t = await newTenant();
    const s = await platformSlugs(t.key);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ image_template_slug: s.image, hook_type: 'audio', hook_template_slug: s.article }, /hook_type/],
      [
        { image_template_slug: 'no-such-image', hook_type: 'article', hook_template_slug: s.article },
        /image_template_slug: no image template/,
      ],
      [
        { image_template_slug: s.article, hook_type: 'article', hook_template_slug: s.article },
        /image_template_slug: no image template/,
      ],
      [
        { image_template_slug: s.image, hook_type: 'article', hook_template_slug: s.video },
        /hook_template_slug: no article template/,
      ],
      [
        { image_template_slug: s.image, hook_type: 'video', hook_template_slug: s.article },
        /hook_template_slug: no video template/,
      ],
      [{ image_template_slug: s.image, hook_type: 'article' }, /hook_template_slug/],
    ];
    for (const [body, error] of cases) {
      const res = await bind(t.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect((await api<{ hooks: Hook[] }>('/template-hooks', { key: t.key })).body.hooks).toEqual([]);
  });

  it('updates and deletes only the tenant’s own hooks: another tenant gets 404, members 403', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const s = await platformSlugs(a.key);
    const { hook } = (
      await bind(a.key, { image_template_slug: s.image, hook_type: 'video', hook_template_slug: s.video })
    ).body;

    const patched = await api<{ hook: Hook }>('/template-hooks', {
      key: a.key,
      method: 'PATCH',
      body: { id: hook.id, enabled: false, note: '暂停' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.hook).toMatchObject({ id: hook.id, enabled: false, note: '暂停' });
    const retype = await api('/template-hooks', {
      key: a.key,
      method: 'PATCH',
      body: { id: hook.id, hook_type: 'article' },
    });
    expect(retype.status).toBe(400);

    expect(
      (await api('/template-hooks', { key: b.key, method: 'PATCH', body: { id: hook.id, enabled: true } })).status,
    ).toBe(404);
    expect((await api(`/template-hooks?id=${hook.id}`, { key: b.key, method: 'DELETE' })).status).toBe(404);
    expect((await api<{ hooks: Hook[] }>('/template-hooks', { key: b.key })).body.hooks).toEqual([]);

    const member = await newMember(a.key);
    expect((await api<{ hooks: Hook[] }>('/template-hooks', { key: member.key })).body.hooks).toHaveLength(1);
    expect(
      (await bind(member.key, { image_template_slug: s.image, hook_type: 'article', hook_template_slug: s.article }))
        .status,
    ).toBe(403);
    expect((await api(`/template-hooks?id=${hook.id}`, { key: member.key, method: 'DELETE' })).status).toBe(403);

    const deleted = await api<{ deleted: boolean }>(`/template-hooks?id=${hook.id}`, { key: a.key, method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toBe(true);
    expect((await api(`/template-hooks?id=${hook.id}`, { key: a.key, method: 'DELETE' })).status).toBe(404);
    expect((await api<{ hooks: Hook[] }>('/template-hooks', { key: a.key })).body.hooks).toEqual([]);
  });
});

interface ArticleAnswer {
  ok: boolean;
  format: string;
  title: string;
  body: string;
  hashtags?: string[];
  credits: number;
  error?: string;
}

const write = (key: string, body: Record<string, unknown>) => api<ArticleAnswer>('/article', { key, body });

async function articleTemplate(key: string, body: Record<string, unknown>) {
  const res = await api<{ template: Template }>('/templates', {
    key,
    body: { type: 'article', slug: slug('art'), zh_name: '文案模板', ...body },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.template;
}

describe('article copy', () => {
  afterEach(async () => {
    await sim('/__sim/faults', { method: 'DELETE' });
  });

  it('answers title, body and hashtags for xiaohongshu, title and body for the other formats, charged as chat', async () => {
    const t = await newTenant({ credits: 20 });
    const xhs = await articleTemplate(t.key, {
      format: 'xiaohongshu',
      prompt_template: '写一篇关于{product}的小红书种草笔记，目标人群：{audience}。',
      fields: [
        { key: 'product', label: '产品' },
        { key: 'audience', label: '人群', required: false, default: '上班族' },
      ],
    });
    const res = await write(t.key, { template_slug: xhs.slug, input: { product: '冷萃咖啡' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, format: 'xiaohongshu', credits: 1 });
    expect(res.body.title.length).toBeGreaterThan(0);
    expect(res.body.body).toMatch(/[\u4e00-\u9fff]/);
    expect(res.body.hashtags?.length).toBeGreaterThan(0);
    expect(res.body.hashtags?.every((h) => h.startsWith('#'))).toBe(true);

    for (const format of ['wechat', 'detail', 'script']) {
      const tpl = await articleTemplate(t.key, { format, prompt_template: '请写一篇文章：{input}', fields: [] });
      const out = await write(t.key, { template_slug: tpl.slug, input: '关于春季露营装备的选择' });
      expect(out.status, format).toBe(200);
      expect(Object.keys(out.body).sort(), format).toEqual([
        'body',
        'credits',
        'format',
        'ok',
        'template_slug',
        'title',
      ]);
      expect(out.body.format).toBe(format);
    }
    expect((await api<{ credits: number }>('/balance', { key: t.key })).body.credits).toBe(16);
  });

  it('writes from a platform article template, and refuses bad input with 400 without charging', async () => {
    const t = await newTenant({ credits: 10 });
    const platform = (
      await api<{ templates: Template[] }>('/templates?type=article&source=platform', { key: t.key })
    ).body.templates.find((x) => !x.locked && x.fields && x.fields.length > 0);
    if (!platform?.fields) throw new Error('need a platform form article template');
    const input = Object.fromEntries(platform.fields.map((f) => [f.key, '测试内容']));
    const ok = await write(t.key, { template_slug: platform.slug, input });
    expect(ok.status).toBe(200);

    const required = platform.fields.find((f) => f.required !== false);
    const missing = Object.fromEntries(platform.fields.filter((f) => f !== required).map((f) => [f.key, '测试']));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ template_slug: platform.slug, input: missing }, new RegExp(`input\\.${required?.key}: required field`)],
      [{ template_slug: platform.slug, input: 'a sentence' }, /send an object/],
      [{ template_slug: 'no-such-article' }, /no template "no-such-article"/],
      [{ input: 'x' }, /template_slug/],
    ];
    const images = (await api<{ templates: Template[] }>('/templates?type=image&source=platform', { key: t.key })).body
      .templates;
    if (images[0]) cases.push([{ template_slug: images[0].slug, input: {} }, /is an image template/]);
    for (const [body, error] of cases) {
      const res = await write(t.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect((await api<{ credits: number }>('/balance', { key: t.key })).body.credits).toBe(9);
  });

  it('retries a malformed answer on the next upstream, and refunds when every upstream fails', async () => {
    const t = await newTenant({ credits: 10 });
    const tpl = await articleTemplate(t.key, {
      format: 'wechat',
      prompt_template: '写一篇公众号文章：{input}',
      fields: [],
    });

    await sim('/__sim/faults', { json: { channel: 'sim-chat-a', fault: 'bad_output', times: 1 } });
    await sim('/__sim/faults', { json: { channel: 'sim-chat-b', fault: 'bad_output', times: 1 } });
    await sim('/__sim/faults', { json: { channel: 'sim-chat-lite', fault: 'bad_output', times: 1 } });
    await sim('/__sim/faults', { json: { channel: 'sim-chat-reason', fault: 'bad_output', times: 1 } });
    // One of the four chat upstreams answers first with broken JSON; the others are then asked, also broken.
    const broken = await write(t.key, { template_slug: tpl.slug, input: '关于城市骑行' });
    expect(broken.status).toBe(503);
    expect(broken.body.error).toMatch(/unusable result/);
    expect(broken.body.error).not.toMatch(/sim-chat|simulator/i);
    expect((await api<{ credits: number }>('/balance', { key: t.key })).body.credits).toBe(10);

    await sim('/__sim/faults', { json: { channel: 'sim-chat-a', fault: 'bad_output', times: 1 } });
    const recovered = await write(t.key, { template_slug: tpl.slug, input: '关于城市骑行' });
    expect(recovered.status).toBe(200);
    expect(recovered.body.title.length).toBeGreaterThan(0);
    expect((await api<{ credits: number }>('/balance', { key: t.key })).body.credits).toBe(9);
  });

  it('refuses with 402 when the credits are used up, without asking an upstream', async () => {
    const t = await newTenant({ credits: 0 });
    const tpl = await articleTemplate(t.key, {
      format: 'wechat',
      prompt_template: '写一篇公众号文章：{input}',
      fields: [],
    });
    await sim('/__sim/requests', { method: 'DELETE' });
    const res = await write(t.key, { template_slug: tpl.slug, input: '关于城市骑行' });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/Not enough credits/);
    const calls = (await (await sim('/__sim/requests')).json()) as { path: string }[];
    expect(calls.filter((c) => c.path.includes('chat/completions'))).toEqual([]);
  });

  it('runs for members too, from their own wallet', async () => {
    const t = await newTenant({ credits: 10 });
    const member = await newMember(t.key, { credits: 3 });
    const tpl = await articleTemplate(t.key, {
      format: 'detail',
      prompt_template: '为这个商品写详情页文案：{input}',
      fields: [],
    });
    const res = await write(member.key, { template_slug: tpl.slug, input: '竹纤维毛巾' });
    expect(res.status).toBe(200);
    expect((await api<{ credits: number }>('/balance', { key: member.key })).body.credits).toBe(2);
  });
});
