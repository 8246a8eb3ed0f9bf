import OpenAI, { toFile } from 'openai';
import type { ImageGenerateParamsNonStreaming, ImagesResponse } from 'openai/resources/images';
import { createOpenAI } from '@ai-sdk/openai';
import { generateImage } from 'ai';
import sharp, { type Metadata } from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newTenant, waitForJob, type Job } from '../helpers/api';
import { ADMIN_KEY, startStudio } from '../helpers/api-server';
import { PASSWORD, signIn, tenantWithLogin } from '../helpers/console-session';

/**
 * OpenAI's Images API on Studio with the real clients, unchanged: `openai` 6.49.0 (`images.generate`,
 * `images.edit`) and the Vercel AI SDK (`ai` 6.0.325, `@ai-sdk/openai` 3.0.141, `generateImage`),
 * pointed at {base_url} with a Studio key. Each image is checked to be a real PNG of the ratio asked,
 * each job to be in GET /api/jobs, and the ledger to sum to the balance.
 */

type StudioImages = ImagesResponse & { studio: { job_ids: string[]; batch_id: string | null; credits: number } };

interface LedgerPage {
  entries: { kind: string; category: string; amount: number }[];
}

let key: string;
let tenantId: string;
let client: OpenAI;

const base = () => `${inject('apiBase')}/api`;
const balance = async () => (await api<{ credits: number }>('/balance', { key })).body.credits;
const jobOf = async (id: string) =>
  (await api<{ job: Job & { batch_id: string | null } }>(`/jobs?id=${id}`, { key })).body.job;
const uploadCount = async () => (await api<{ uploads: unknown[] }>('/uploads', { key })).body.uploads.length;

const generate = async (body: Record<string, unknown>): Promise<StudioImages> =>
  (await client.images.generate(body as unknown as ImageGenerateParamsNonStreaming)) as unknown as StudioImages;

async function imageOf(datum: { url?: string | null; b64_json?: string | null } | undefined): Promise<Metadata> {
  let bytes: Buffer;
  if (datum?.url) bytes = Buffer.from(await (await fetch(datum.url)).arrayBuffer());
  else bytes = Buffer.from(datum?.b64_json ?? '', 'base64');
  return sharp(bytes).metadata();
}

const ratioOf = (m: Metadata) => (m.width ?? 0) / (m.height ?? 1);

async function refusal(p: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OpenAI.APIError);
  return err as InstanceType<typeof OpenAI.APIError>;
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c86432' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  const tenant = await newTenant({ credits: 1_000 });
  key = tenant.key;
  tenantId = tenant.id;
  client = new OpenAI({ apiKey: key, baseURL: base(), maxRetries: 0 });
});

describe('openai images.generate', () => {
  it('answers Studio’s result URL of the ratio asked, and the job is in GET /api/jobs', async () => {
    const before = await balance();
    const res = await generate({
      model: 'studio-auto',
      prompt: '一只橘猫坐在窗台上',
      size: '1536x1024',
      response_format: 'url',
    });
    expect(res.data).toHaveLength(1);
    expect(res.data?.[0]?.url).toMatch(/^http.*\/results\/.*\.png$/);
    const meta = await imageOf(res.data?.[0]);
    expect(meta.format).toBe('png');
    expect(ratioOf(meta)).toBeCloseTo(3 / 2, 2);
    const job = await jobOf(res.studio.job_ids[0] ?? '');
    expect(job).toMatchObject({ status: 'done', cdn_url: res.data?.[0]?.url });
    expect(await balance()).toBe(before - res.studio.credits);
  });

  it('answers base64 by default; n=2 is one batch of two jobs', async () => {
    const res = await generate({ model: 'studio-auto', prompt: '山间小屋', n: 2, size: '1024x1024', quality: 'low' });
    expect(res.data).toHaveLength(2);
    for (const d of res.data ?? []) {
      expect(d.url).toBeUndefined();
      const meta = await imageOf(d);
      expect(meta.format).toBe('png');
      expect(ratioOf(meta)).toBeCloseTo(1, 2);
    }
    expect(res.studio.batch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.studio.credits).toBe(2);
    for (const id of res.studio.job_ids) expect((await jobOf(id)).batch_id).toBe(res.studio.batch_id);
  });

  it('uses a template through model "template:<slug>": prompt fills its first field, input the others', async () => {
    const slug = `images-poster-${Date.now().toString(36)}`;
    const made = await api<{ template: { id: string } }>('/templates', {
      key,
      body: {
        type: 'image',
        slug,
        zh_name: '新品海报',
        ratio: '3:4',
        prompt_template: '{product}的新品海报，顶部写“{slogan}”',
        fields: [
          { key: 'product', label: '产品名' },
          { key: 'slogan', label: '标题' },
        ],
      },
    });
    expect(made.status).toBe(200);
    const res = await generate({ model: `template:${slug}`, prompt: '桂花乌龙茶', input: { slogan: '秋季限定' } });
    const meta = await imageOf(res.data?.[0]);
    expect(ratioOf(meta)).toBeCloseTo(3 / 4, 2);
    const job = await jobOf(res.studio.job_ids[0] ?? '');
    expect(job).toMatchObject({ status: 'done', template_id: made.body.template.id, ratio: '3:4' });
    expect((job as unknown as { prompt: string }).prompt).toBe('桂花乌龙茶的新品海报，顶部写“秋季限定”');

    const missing = await refusal(generate({ model: `template:${slug}-none`, prompt: '茶' }));
    expect(missing.status).toBe(400);
    expect(missing.param).toBe('model');
  });

  it('makes a transparent PNG where an upstream can, and answers 400 where none can', async () => {
    const res = await generate({ model: 'imagegen-1', prompt: '一个茶罐', background: 'transparent' });
    const meta = await imageOf(res.data?.[0]);
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    expect(res.background).toBe('transparent');

    const before = await balance();
    const none = await refusal(generate({ model: 'imagegen-2', prompt: '一个茶罐', background: 'transparent' }));
    expect(none.status).toBe(400);
    expect(none.message).toMatch(/transparent background/);
    expect(await balance()).toBe(before);
  });

  it('refuses an unsupported size listing the sizes it takes, an unknown model and an unknown field', async () => {
    const size = await refusal(generate({ prompt: '猫', size: '1000x333' }));
    expect(size.status).toBe(400);
    expect(size.param).toBe('size');
    for (const s of ['auto', '1024x1024', '1536x1024', '1024x1536', '1792x1024']) expect(size.message).toContain(s);
    const model = await refusal(generate({ model: 'dall-e-3', prompt: '猫' }));
    expect([model.status, model.param]).toEqual([400, 'model']);
    expect(model.message).not.toMatch(/sim-|openai|provider/i);
    const field = await refusal(generate({ prompt: '猫', seed: 3 }));
    expect(field.status).toBe(400);
    expect(field.message).toContain('seed');
    const variations = await refusal(
      client.images.createVariation({ image: await toFile(await png(64, 64), 'a.png') }),
    );
    expect(variations.status).toBe(404);
    expect((variations.error as { type?: string }).type).toBe('invalid_request_error');
  });
});

describe('openai images.edit', () => {
  it('takes a PNG file as the reference image, stored as the caller’s upload', async () => {
    const uploads = await uploadCount();
    const res = (await client.images.edit({
      model: 'studio-auto',
      image: await toFile(await png(96, 64), 'product.png', { type: 'image/png' }),
      prompt: '把背景换成海边',
      size: '1024x1536',
    })) as unknown as StudioImages;
    const meta = await imageOf(res.data?.[0]);
    expect(ratioOf(meta)).toBeCloseTo(2 / 3, 2);
    expect((await jobOf(res.studio.job_ids[0] ?? '')).status).toBe('done');
    expect(await uploadCount()).toBe(uploads + 1);
  });

  it('takes two images', async () => {
    const uploads = await uploadCount();
    const res = (await client.images.edit({
      image: [await toFile(await png(64, 64), 'a.png'), await toFile(await png(80, 40), 'b.png')],
      prompt: '把两件商品放在一起',
      response_format: 'url',
    })) as unknown as StudioImages;
    expect(res.data?.[0]?.url).toMatch(/\/results\//);
    expect((await jobOf(res.studio.job_ids[0] ?? '')).status).toBe('done');
    expect(await uploadCount()).toBe(uploads + 2);
  });

  it('refuses a mask while no upstream supports masks, storing and charging nothing', async () => {
    const [before, uploads] = [await balance(), await uploadCount()];
    const err = await refusal(
      client.images.edit({
        image: await toFile(await png(64, 64), 'a.png'),
        mask: await toFile(await png(64, 64), 'mask.png'),
        prompt: '只改左边',
      }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/mask/);
    expect([await balance(), await uploadCount()]).toEqual([before, uploads]);
  });
});

describe('the Vercel AI SDK generateImage', () => {
  it('draws with createOpenAI({baseURL}).image("studio-auto"), size and n as the provider sends them', async () => {
    const openai = createOpenAI({ baseURL: base(), apiKey: key });
    const { images } = await generateImage({
      model: openai.image('studio-auto'),
      prompt: '雨后的竹林',
      size: '1024x1536',
      n: 2,
      maxRetries: 0,
    });
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.mediaType).toBe('image/png');
      const meta = await sharp(Buffer.from(image.uint8Array)).metadata();
      expect(ratioOf(meta)).toBeCloseTo(2 / 3, 2);
    }
  });
});

describe('charging', () => {
  it('leaves a ledger that sums to the balance', async () => {
    const ledger = await api<LedgerPage>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-ledger', tenant_id: tenantId, limit: 200 },
    });
    expect(ledger.status).toBe(200);
    const sum = ledger.body.entries.reduce((s, e) => s + e.amount, 0);
    expect(sum).toBe(await balance());
    expect(ledger.body.entries.some((e) => e.kind === 'charge' && e.category === 'image')).toBe(true);
  });
});

describe('the deadline', () => {
  it('answers 504 job_pending with the job id, which the openai SDK does not retry; the job ends, charged once', async () => {
    const server = await startStudio({ STUDIO_IMAGES_WAIT_S: '1' });
    try {
      const made = await api<{ tenant: { id: string }; api_key: string }>('/admin', {
        base: server.base,
        key: ADMIN_KEY,
        body: { action: 'tenant-create', name: `等待期限 ${Date.now()}`, credits: 100, quota_monthly: 0 },
      });
      const own = { key: made.body.api_key };
      await fetch(`${server.simOrigin}/__sim/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: '*', latency_ms: 3_000 }),
      });
      // The SDK's default retries are left on: the answer's x-should-retry: false must stop them.
      const slow = new OpenAI({ apiKey: own.key, baseURL: `${server.base}/api` });
      const err = await refusal(slow.images.generate({ model: 'studio-auto', prompt: '慢慢画', quality: 'low' }));
      expect(err.status).toBe(504);
      const body = err.error as { code?: string; job_ids?: string[] };
      expect(body.code).toBe('job_pending');
      expect(body.job_ids).toHaveLength(1);
      const id = body.job_ids?.[0] ?? '';
      expect(err.message).toContain(`GET /api/jobs?id=${id}`);
      const list = await api<{ jobs: { id: string }[] }>('/jobs', { key: own.key, base: server.base });
      expect(list.body.jobs.map((j) => j.id)).toEqual([id]);
      expect((await waitForJob(own.key, id, undefined, server.base)).status).toBe('done');
      const left = await api<{ credits: number }>('/balance', { key: own.key, base: server.base });
      expect(left.body.credits).toBe(99);

      // With an Idempotency-Key, a repeat waits again for the same job instead of making another.
      const keyed = () =>
        api<{ data?: unknown[]; studio?: { job_ids: string[] }; error?: { code: string; job_ids: string[] } }>(
          '/images/generations',
          {
            base: server.base,
            key: own.key,
            bearer: true,
            headers: { 'idempotency-key': 'images-deadline-1' },
            body: { prompt: '再慢慢画', quality: 'low' },
          },
        );
      const first = await keyed();
      expect([first.status, first.body.error?.code]).toEqual([504, 'job_pending']);
      const pendingId = first.body.error?.job_ids[0] ?? '';
      await waitForJob(own.key, pendingId, undefined, server.base);
      const again = await keyed();
      expect(again.status).toBe(200);
      expect(again.body.studio?.job_ids).toEqual([pendingId]);
      expect(again.body.data).toHaveLength(1);
      const all = await api<{ jobs: { id: string }[] }>('/jobs', { key: own.key, base: server.base });
      expect(all.body.jobs).toHaveLength(2);
      expect((await api<{ credits: number }>('/balance', { key: own.key, base: server.base })).body.credits).toBe(98);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe('both doors', () => {
  it('answers a console session through Next.js as a key through the Node server: images, 404, 405, 415, 401', async () => {
    const site = inject('apiBase');
    const owner = await tenantWithLogin(site);
    const session = await signIn(site, { email: owner.email, password: PASSWORD });
    expect(session.ok).toBe(true);
    const call = async (door: 'key' | 'session', method: string, path: string, body?: string, type?: string) => {
      const headers: Record<string, string> =
        door === 'key'
          ? { authorization: `Bearer ${owner.key}` }
          : { cookie: session.cookie, origin: site, 'sec-fetch-site': 'same-origin' };
      if (type) headers['content-type'] = type;
      const res = await fetch(`${site}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      const json = (await res.json()) as { data?: { b64_json?: string }[]; error?: { type: string; code: string } };
      return { status: res.status, allow: res.headers.get('allow'), json };
    };
    for (const door of ['key', 'session'] as const) {
      const made = await call(
        door,
        'POST',
        '/api/images/generations',
        JSON.stringify({ prompt: '门', quality: 'low' }),
        'application/json',
      );
      expect(made.status, door).toBe(200);
      expect((await imageOf(made.json.data?.[0])).format).toBe('png');
      const missing = await call(door, 'GET', '/api/images/nothing');
      expect([missing.status, missing.json.error?.type, missing.json.error?.code]).toEqual([
        404,
        'invalid_request_error',
        'not_found',
      ]);
      const method = await call(door, 'GET', '/api/images/generations');
      expect([method.status, method.allow]).toEqual([405, 'POST']);
      const media = await call(door, 'POST', '/api/images/generations', 'prompt=x', 'text/plain');
      expect(media.status).toBe(415);
    }
    const none = await fetch(`${site}/api/images/generations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '猫' }),
    });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
  });
});
