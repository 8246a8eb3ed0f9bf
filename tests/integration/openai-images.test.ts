import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageGenerationSchema } from '@/contracts/images';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs, tenants, uploads } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { seedCatalog } from '@/server/domain/catalog/seed';
import { imagesAnswer, ImagesPending } from '@/server/domain/images/answer';
import { readEditForm, storeEditFiles } from '@/server/domain/images/edit-form';
import { generateBodyOf } from '@/server/domain/images/request';
import { waitForJobs } from '@/server/domain/images/wait';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTemplate } from '@/server/domain/templates/templates';
import { createTenant } from '@/server/domain/tenants/tenants';
import { AppError } from '@/server/errors';
import { QUEUES } from '@/server/queue/queue';
import { startQueueWorker } from '@/server/queue/worker';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startSim, type RunningSim } from '@/sim/testing';
import { ledgerSum } from '../helpers/ledger-sums';
import { sample } from '../helpers/media-samples';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * OpenAI's Images API below its door: the model naming (auto, family, channel, template, skill)
 * translated into `/api/generate`'s body, the wait on the job notifications and its deadline, the
 * answer as URLs or base64 read from the store, a failed job refunded, the ledger summing to the balance.
 */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  await seedCatalog(t.db);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-images-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

async function tenant(credits = 100): Promise<ScopedIdentity & { kind: 'tenant'; via: 'key' }> {
  const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `图片接口 ${Date.now()}`,
    credits,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: row.id, via: 'key' };
}

const body = (b: Record<string, unknown>) => imageGenerationSchema.parse(b);

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('the model naming and the other fields', () => {
  it('reads auto, a family and a channel as /api/generate does, and size as the ratio', async () => {
    const who = await tenant();
    expect(await generateBodyOf(t.db, who, null, body({ prompt: '猫', model: 'studio-auto' }), null)).toEqual({
      prompt: '猫',
    });
    expect(await generateBodyOf(t.db, who, null, body({ prompt: '猫', model: 'auto', size: 'auto' }), null)).toEqual({
      prompt: '猫',
    });
    expect(
      await generateBodyOf(
        t.db,
        who,
        null,
        body({ prompt: '猫', model: 'imagegen-1', size: '1792x1024', quality: 'hd' }),
        null,
      ),
    ).toEqual({ prompt: '猫', model: 'imagegen-1', ratio: '7:4', quality: 'high' });
    expect(
      await generateBodyOf(
        t.db,
        who,
        null,
        body({ prompt: '猫', model: 'sim-image-c', size: '1920x1080', quality: 'standard' }),
        null,
      ),
    ).toEqual({ prompt: '猫', model: 'sim-image-c', ratio: '16:9', quality: 'medium' });
    const unknown = await refusal(generateBodyOf(t.db, who, null, body({ prompt: '猫', model: 'dall-e-3' }), null));
    expect(unknown.status).toBe(400);
    expect(unknown.issues?.[0]?.path).toEqual(['model']);
    expect(unknown.message).toContain('GET /api/available-models');
    // A tenant bound to a family may not name a model outside it.
    const bound = await refusal(
      generateBodyOf(t.db, who, 'imagegen-2', body({ prompt: '猫', model: 'imagegen-1' }), null),
    );
    expect(bound.issues?.[0]?.path).toEqual(['model']);
  });

  it('refuses a size Studio does not make, listing the sizes it takes', () => {
    const parsed = imageGenerationSchema.safeParse({ prompt: '猫', size: '1000x333' });
    expect(parsed.success).toBe(false);
    const message = parsed.error?.issues[0]?.message ?? '';
    expect(message).toContain('1000x333 is not a size Studio makes');
    for (const size of ['auto', '1024x1024', '1536x1024', '1024x1536', '1792x1024']) expect(message).toContain(size);
    expect(imageGenerationSchema.safeParse({ prompt: '猫', size: '5000x1000' }).success).toBe(false);
    expect(imageGenerationSchema.safeParse({ prompt: '猫', unknown_field: 1 }).success).toBe(false);
  });

  it('fills a template: prompt its first field, input the others; a sentence template takes prompt alone', async () => {
    const who = await tenant();
    const { template: form } = await createTemplate({ db: t.db, config, files }, who, {
      type: 'image',
      zh_name: '海报',
      prompt_template: '{product} 的海报，风格 {style}',
      fields: [
        { key: 'product', label: '商品' },
        { key: 'style', label: '风格' },
      ],
      ratio: '3:4',
    });
    const filled = await generateBodyOf(
      t.db,
      who,
      null,
      body({ prompt: '茶叶', model: `template:${form.slug}`, input: { style: '国潮' } }),
      null,
    );
    expect(filled).toEqual({ template_id: form.id, input: { product: '茶叶', style: '国潮' } });
    const twice = await refusal(
      generateBodyOf(
        t.db,
        who,
        null,
        body({ prompt: '茶叶', model: `template:${form.id}`, input: { product: 'x' } }),
        null,
      ),
    );
    expect(twice.issues?.[0]?.path).toEqual(['input', 'product']);
    const missing = await refusal(
      generateBodyOf(t.db, who, null, body({ prompt: '猫', model: 'template:no-such' }), null),
    );
    expect(missing.issues?.[0]?.path).toEqual(['model']);

    const skill = await generateBodyOf(
      t.db,
      who,
      null,
      body({ prompt: '红烧肉', model: 'skill:food-dish-photo' }),
      null,
    );
    expect(skill).toEqual({ skill_slug: 'food-dish-photo', input: '红烧肉' });
    const sentenceWithInput = await refusal(
      generateBodyOf(
        t.db,
        who,
        null,
        body({ prompt: '红烧肉', model: 'skill:food-dish-photo', input: { a: 'b' } }),
        null,
      ),
    );
    expect(sentenceWithInput.issues?.[0]?.path).toEqual(['input']);
  });

  it('refuses a transparent JPEG, and turns an edit’s images into reference images or a masked image', async () => {
    const who = await tenant();
    const jpeg = await refusal(
      generateBodyOf(t.db, who, null, body({ prompt: '猫', background: 'transparent', output_format: 'jpeg' }), null),
    );
    expect(jpeg.issues?.[0]?.path).toEqual(['output_format']);
    expect(await generateBodyOf(t.db, who, null, body({ prompt: '猫' }), { images: ['a', 'b'], mask: null })).toEqual({
      prompt: '猫',
      reference_images: ['a', 'b'],
    });
    expect(await generateBodyOf(t.db, who, null, body({ prompt: '猫' }), { images: ['a', 'b'], mask: 'm' })).toEqual({
      prompt: '猫',
      image_url: 'a',
      mask: 'm',
      reference_images: ['b'],
    });
  });
});

async function submit(who: ScopedIdentity, count: number, prompt = '一只猫') {
  return submitImageJobs({ db: t.db, config, files }, who, {
    items: Array.from({ length: count }, () => ({ prompt, quality: 'low' as const, model: 'imagegen-1' })),
    callbackUrl: null,
    idempotencyKey: null,
    hash: `h-${Math.random()}`,
    batch: count > 1,
  });
}

async function withWorker<T>(run: () => Promise<T>): Promise<T> {
  const worker = await startQueueWorker(t, {
    concurrency: 4,
    pollMs: 5_000,
    handlers: {
      [QUEUES.imageJob]: (task, ctx) =>
        runImageJob({ db: t.db, config, files, signal: ctx.signal, retryDelayMs: () => 5 }, task),
    },
  });
  try {
    return await run();
  } finally {
    await worker.stop();
  }
}

async function balanceOf(tenantId: string): Promise<number> {
  const [row] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.credits ?? NaN;
}

describe('waiting for the jobs', () => {
  it('past the deadline answers the pending job ids, charged once', async () => {
    const who = await tenant();
    const made = await submit(who, 1);
    const started = Date.now();
    const waited = await waitForJobs(
      t,
      who,
      made.map((j) => j.id),
      300,
    );
    expect(waited.ended).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const pending = new ImagesPending(
      made.map((j) => j.id),
      null,
      0.3,
    );
    expect(pending.status).toBe(504);
    expect(pending.jobIds).toEqual([made[0]?.id]);
    expect(pending.message).toContain(`GET /api/jobs?id=${made[0]?.id}`);
    expect(await balanceOf(who.tenantId)).toBe(100 - config.prices.image.low);
    expect(await ledgerSum(t.db, who.tenantId, null)).toBe(await balanceOf(who.tenantId));
  });

  it('wakes on the job notifications and answers URLs or base64 PNGs from the store', async () => {
    const who = await tenant();
    await withWorker(async () => {
      const made = await submit(who, 2);
      const started = Date.now();
      const waited = await waitForJobs(
        t,
        who,
        made.map((j) => j.id),
        20_000,
      );
      expect(waited.ended).toBe(true);
      // Woken by the notification, not by the 15 s safety read.
      expect(Date.now() - started).toBeLessThan(10_000);
      const urls = await imagesAnswer({ files }, waited.jobs, { response_format: 'url' });
      expect(urls.data.map((d) => ('url' in d ? d.url : ''))).toEqual(waited.jobs.map((j) => j.cdnUrl));
      expect(urls.studio).toEqual({ job_ids: made.map((j) => j.id), batch_id: made[0]?.batchId, credits: 2 });
      const b64 = await imagesAnswer({ files }, waited.jobs, {});
      for (const d of b64.data) {
        const meta = await sharp(Buffer.from('b64_json' in d ? d.b64_json : '', 'base64')).metadata();
        expect(meta.format).toBe('png');
      }
      const jpeg = await imagesAnswer({ files }, waited.jobs, { response_format: 'b64_json', output_format: 'jpeg' });
      expect(jpeg.output_format).toBe('jpeg');
      const first = jpeg.data[0];
      expect(
        (await sharp(Buffer.from(first && 'b64_json' in first ? first.b64_json : '', 'base64')).metadata()).format,
      ).toBe('jpeg');
    });
    expect(await ledgerSum(t.db, who.tenantId, null)).toBe(await balanceOf(who.tenantId));
  });

  it('a failed job answers its error; its credits come back', async () => {
    const who = await tenant();
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'sim-image-a', fault: 'content_refused' }),
    });
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'sim-image-b', fault: 'content_refused' }),
    });
    try {
      await withWorker(async () => {
        const made = await submit(who, 1);
        const waited = await waitForJobs(
          t,
          who,
          made.map((j) => j.id),
          20_000,
        );
        expect(waited.ended).toBe(true);
        expect(waited.jobs[0]?.status).toBe('failed');
        const err = await refusal(imagesAnswer({ files }, waited.jobs, {}));
        expect(err.status).toBe(400);
        expect(err.reason).toBe('content_refused');
        expect(err.message).toContain('refunded');
      });
    } finally {
      await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
    }
    const [row] = await t.db.select().from(jobs).where(eq(jobs.tenantId, who.tenantId));
    expect(row?.creditsRefunded).toBe(row?.credits);
    expect(await balanceOf(who.tenantId)).toBe(100);
    expect(await ledgerSum(t.db, who.tenantId, null)).toBe(100);
  });
});

describe('an edit’s multipart form', () => {
  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
  const formOf = (parts: [string, Buffer | string, string?][]) => {
    const form = new FormData();
    for (const [name, value, filename] of parts)
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value)]), filename);
    const req = new Request('http://studio.test/api/images/edits', { method: 'POST', body: form });
    return { body: req.body as ReadableStream<Uint8Array>, type: req.headers.get('content-type') ?? '' };
  };
  const read = (parts: [string, Buffer | string, string?][]) => {
    const { body: stream, type } = formOf(parts);
    return readEditForm(stream, type, config.dataDir);
  };

  it('takes image, image[] and a mask with the text fields, and stores the files as the caller’s uploads', async () => {
    const who = await tenant();
    const image = await png();
    const form = await read([
      ['image[]', image, 'a.png'],
      ['image[]', image, 'b.png'],
      ['mask', image, 'mask.png'],
      ['prompt', '换成夜景'],
      ['n', '2'],
    ]);
    expect(form.fields).toEqual({ prompt: '换成夜景', n: '2' });
    expect(form.images.map((f) => f.type.ext)).toEqual(['png', 'png']);
    expect(form.mask?.type.ext).toBe('png');
    const stored = await storeEditFiles({ db: t.db, config, files }, who, form);
    expect(stored.images).toHaveLength(2);
    for (const url of [...stored.images, stored.mask ?? '']) {
      const key = files.keyOf(url) ?? '';
      expect(key.startsWith(`${who.tenantId}/uploads/tenant/`)).toBe(true);
      expect(await files.size(key)).toBe(image.length);
    }
    const rows = await t.db.select().from(uploads).where(eq(uploads.tenantId, who.tenantId));
    expect(rows).toHaveLength(3);
  });

  it('refuses what /api/upload-ref refuses, too many images, and an edit without one', async () => {
    const image = await png();
    const audio = await refusal(read([['image', await sample('mp3', 5000), 'x.png']]));
    expect(audio.message).toMatch(/^image: must be a png, jpg, webp or gif image/);
    const unknown = await refusal(read([['image', Buffer.from('not an image at all'), 'x.png']]));
    expect(unknown.message).toMatch(/^image: the bytes are not a supported/);
    const big = await refusal(read([['image', Buffer.concat([image, Buffer.alloc(9 * 1024 * 1024)]), 'x.png']]));
    expect(big.status).toBe(413);
    const many = await refusal(
      read(Array.from({ length: 18 }, () => ['image[]', image, 'x.png'] as [string, Buffer, string])),
    );
    expect(many.message).toContain('at most 16 images and one mask');
    const none = await refusal(read([['prompt', '猫']]));
    expect(none.issues?.[0]?.path).toEqual(['image']);
    const stray = await refusal(read([['file', image, 'x.png']]));
    expect(stray.issues?.[0]?.path).toEqual(['file']);
    const long = await refusal(
      read([
        ['image', image, 'x.png'],
        ['prompt', 'x'.repeat(70_000)],
      ]),
    );
    expect(long.issues?.[0]?.path).toEqual(['prompt']);
  });
});
