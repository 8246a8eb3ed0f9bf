import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_VARIABLE_NAMES, type ConversionAnswer, type ConversionOptions } from '@/contracts/image-template';
import { contractProblem } from '@/contracts/slots';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs, ledgerEntries, templates } from '@/server/db/schema';
import { OPERATOR, type TenantIdentity } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';
import { runConversion, planConversion } from '@/server/domain/image-template/convert';
import {
  conversionResult,
  convertImage,
  failStalledConversions,
  runConversionJob,
} from '@/server/domain/image-template/jobs';
import { generateImage } from '@/server/domain/jobs/submit';
import { runImageJob } from '@/server/domain/jobs/run';
import { readImageInput } from '@/server/domain/reading/image-input';
import { createTemplate } from '@/server/domain/templates/templates';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES } from '@/server/queue/queue';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { renderPoster, type PosterLayer } from '@/sim/media/poster';
import type { RunningSim } from '@/sim/testing';
import { routingSuite } from '../helpers/routing-sim';
import { testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let sim: RunningSim;
let files: FileStore;
let config: Config;

const deps = () => ({ db: t.db, files, config });

// The simulator's channels in a fresh database, faults and channel states reset after each test.
const suite = routingSuite();
beforeAll(() => {
  ({ t, sim } = suite);
  files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-i2t-')), 'http://files.test');
  config = {
    ...buildConfig(parseEnv({ PUBLIC_BASE_URL: 'http://studio.test', IMAGE_HOST: 'http://files.test' })),
    secret: testSecret,
  };
});

async function tenant(credits = 100): Promise<TenantIdentity> {
  const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `海报租户 ${credits}`,
    credits,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: row.id, via: 'key' };
}

/** The texts drawn on the test poster; the simulator's vision channels read them back exactly. */
const LAYERS: PosterLayer[] = [
  { role: 'title', text: '春日限定', x: 0.5, y: 0.12, size_ratio: 0.1, color: '#FFFFFF', font_weight: 700 },
  { role: 'title', text: '第二行标题', x: 0.5, y: 0.24, size_ratio: 0.06, color: '#FFEEDD' },
  { role: 'price', text: '¥99 {起}', x: 0.8, y: 0.85, size_ratio: 0.05, color: '#FF3300', alignment: 'right' },
  { role: 'watermark', text: 'STUDIO', x: 0.1, y: 0.95, size_ratio: 0.02, color: '#888888', alignment: 'left' },
];

/** A 600 x 800 poster with {@link LAYERS}; `seed` changes its background so answers are not cached alike. */
function poster(seed = 1): Promise<Buffer> {
  const shade = (40 + ((seed * 37) % 160)).toString(16).padStart(2, '0');
  return renderPoster({ width: 600, height: 800, background: `#20${shade}60`, layers: LAYERS });
}

async function ledger(tenantId: string) {
  const rows = await t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, category: ledgerEntries.category })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, tenantId))
    .orderBy(ledgerEntries.id);
  return rows.filter((r) => r.kind !== 'adjust');
}

const sync = async (who: TenantIdentity, options: ConversionOptions = {}, seed = 1) =>
  (await convertImage(deps(), who, { file: await poster(seed) }, options)) as ConversionAnswer;

async function waitForJob(jobId: string) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
    if (row && row.status !== 'pending') return row;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('job did not end');
}

/** Runs the queued conversion task of `jobId` as a worker would. */
async function runQueued(jobId: string, signal?: AbortSignal) {
  const [task] = (await claim(t.db, [QUEUES.templateJob], 10, 60_000, 'test-worker')).filter(
    (c) => c.payload.jobId === jobId,
  );
  if (!task || task.queue !== QUEUES.templateJob) throw new Error('no task queued');
  await runConversionJob({ ...deps(), signal }, task);
}

describe('synchronous image-to-template', () => {
  it('answers the reading, layers with variables from the list, a valid prompt template and fields; charged once', async () => {
    const who = await tenant();
    const a = await sync(who);
    expect(Object.keys(a).sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(a.ratio).toBe('3:4');
    expect(a.template_error).toBeNull();
    expect(a.text_layers.map((l) => [l.role, l.content, l.coords, l.color, l.is_variable, l.variable])).toEqual([
      ['title', '春日限定', { x: 0.5, y: 0.12 }, '#FFFFFF', true, 'title'],
      ['title', '第二行标题', { x: 0.5, y: 0.24 }, '#FFEEDD', true, 'title_2'],
      ['price', '¥99 {起}', { x: 0.8, y: 0.85 }, '#FF3300', true, 'price'],
      ['watermark', 'STUDIO', { x: 0.1, y: 0.95 }, '#888888', false, null],
    ]);
    expect(a.text_layers[0]).toMatchObject({
      font_weight: 700,
      size_ratio: 0.1,
      alignment: 'center',
      position: 'top-center',
    });
    expect(a.template_warnings).toEqual([
      'text "STUDIO": its role "watermark" is not a variable name; kept as fixed text',
    ]);
    expect(a.fields.map((f) => [f.key, f.label, f.default])).toEqual([
      ['title', '标题', '春日限定'],
      ['title_2', '标题 2', '第二行标题'],
      ['price', '价格', '¥99 {起}'],
    ]);
    expect(a.prompt_template).toContain(': "STUDIO"');
    for (const l of a.text_layers) {
      expect(Object.keys(l).sort()).toEqual([
        'alignment',
        'color',
        'content',
        'coords',
        'font_category',
        'font_weight',
        'is_variable',
        'position',
        'role',
        'size_ratio',
        'treatment',
        'variable',
      ]);
      expect(l.coords.x).toBeGreaterThanOrEqual(0);
      expect(l.coords.x).toBeLessThanOrEqual(1);
      expect(l.color).toMatch(/^#[0-9A-F]{6}$/);
      if (l.is_variable) expect(TEMPLATE_VARIABLE_NAMES).toContain(l.variable?.replace(/_\d+$/, ''));
      else expect(l.variable).toBeNull();
    }
    const variables = a.text_layers.filter((l) => l.is_variable).map((l) => l.variable);
    expect(a.fields.map((f) => f.key)).toEqual(variables);
    expect(a.prompt_template).not.toBeNull();
    for (const v of variables) expect(a.prompt_template).toContain(`{${v}}`);
    expect(contractProblem(a.prompt_template ?? '', a.fields)).toBeNull();
    expect(a).not.toHaveProperty('template');
    expect(await ledger(who.tenantId)).toEqual([{ kind: 'charge', amount: -4, category: 'reverse' }]);
  });

  it('refuses a variable outside the list and a label key that is no variable, before charging', async () => {
    const who = await tenant();
    await expect(sync(who, { variables: ['title', 'headline'] })).rejects.toThrow(
      /variables\[1\]: "headline" is not a variable name; the names are title, subtitle/,
    );
    await expect(sync(who, { variable_labels: { colour: '颜色' } })).rejects.toThrow(
      /variable_labels\.colour: is not a variable name/,
    );
    expect(await ledger(who.tenantId)).toEqual([]);
  });

  it('narrows the variables: a text whose role was left out stays fixed text in the prompt', async () => {
    const who = await tenant();
    const narrowed = await sync(who, { variables: ['price'] });
    expect(narrowed.text_layers.map((l) => l.variable)).toEqual([null, null, 'price', null]);
    expect(narrowed.fields.map((f) => f.key)).toEqual(['price']);
    expect(narrowed.prompt_template).toContain(': "春日限定"');
    expect(narrowed.prompt_template).toContain(': "{price}"');
    expect(narrowed.prompt_template).not.toContain('{title}');
  });

  it('uses the caller labels for fields only; a label for a variable not in use is a warning', async () => {
    const who = await tenant();
    const a = await sync(who, { variable_labels: { title: '活动主题', discount: '优惠力度' } });
    expect(a.fields.map((f) => [f.key, f.label])).toEqual([
      ['title', '活动主题'],
      ['title_2', '活动主题 2'],
      ['price', '价格'],
    ]);
    expect(a.text_layers.map((l) => l.variable)).toEqual(['title', 'title_2', 'price', null]);
    expect(a.template_warnings).toContain(
      'variable_labels.discount: no text on the image became {discount}; the label is not used',
    );
    const narrowed = await sync(who, { variables: ['title'], variable_labels: { price: '售价' } });
    expect(narrowed.template_warnings).toContain(
      'variable_labels.price: "price" is not among the allowed variables; the label is not used',
    );
  });

  it('degrades when the text layers cannot be read: prompt_template null, reason given, the reading kept, half refunded', async () => {
    const who = await tenant();
    const image = await readImageInput(deps(), who, { file: await poster(2) });
    const { answer, layersFailed } = await runConversion(deps(), who, image, planConversion({}), {
      ref: 'degrade-test',
      report: async (step, status) => {
        // The reading went through: from now on every vision upstream answers malformed JSON.
        if (step === 'parse image' && status === 'ok')
          await sim.control('/__sim/faults', { json: { channel: '*', fault: 'bad_output' } });
      },
    });
    expect(layersFailed).toBe(true);
    expect(answer.prompt_template).toBeNull();
    expect(answer.fields).toEqual([]);
    expect(answer.template_error).toMatch(
      /^The text layers could not be turned into a template: .*every available upstream/,
    );
    expect(answer.sculpt.subject).toBeTruthy();
    expect(answer.prompt_cn).toBeTruthy();
  });

  it('refunds in full when the image cannot be read on any upstream', async () => {
    const who = await tenant();
    await sim.control('/__sim/faults', { json: { channel: '*', fault: 'bad_output' } });
    await expect(sync(who)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(await ledger(who.tenantId)).toEqual([
      { kind: 'charge', amount: -4, category: 'reverse' },
      { kind: 'refund', amount: 4, category: 'reverse' },
    ]);
  });

  it('gives up with a time-out error when a synchronous run passes its deadline, and refunds', async () => {
    const who = await tenant();
    await sim.control('/__sim/faults', { json: { channel: '*', fault: 'timeout' } });
    const quick = { ...config, imageToTemplate: { ...config.imageToTemplate, syncTimeoutMs: 300 } };
    const err = await convertImage({ db: t.db, files, config: quick }, who, { file: await poster(3) }, {}).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(504);
    expect((err as AppError).message).toMatch(/did not finish within 0 s.*refunded.*"async": true/);
    expect(await ledger(who.tenantId)).toEqual([
      { kind: 'charge', amount: -4, category: 'reverse' },
      { kind: 'refund', amount: 4, category: 'reverse' },
    ]);
  });
});

describe('asynchronous image-to-template', () => {
  it('creates the template with steps in order; a later generate with only template_id and input uses the re-hosted image', async () => {
    const who = await tenant();
    const submitted = await convertImage(
      deps(),
      who,
      { file: await poster(4) },
      { create_template: true, template: { zh_name: '春日海报', slug: 'spring-poster-i2t' } },
    );
    expect(submitted).toEqual({ ok: true, jobId: expect.any(String), status: 'pending', async: true });
    const jobId = (submitted as { jobId: string }).jobId;
    expect((await conversionResult(t.db, who, jobId)).steps).toEqual([{ name: 'receive image', status: 'ok' }]);
    await runQueued(jobId);
    const r = await conversionResult(t.db, who, jobId);
    expect(r.status).toBe('done');
    expect(r.steps).toEqual([
      { name: 'receive image', status: 'ok' },
      { name: 'parse image', status: 'ok' },
      { name: 'extract text layers', status: 'ok' },
      { name: 'create template', status: 'ok' },
    ]);
    const result = r.result;
    if (!result?.template) throw new Error('no template');
    expect(result.template).toEqual({
      id: expect.any(String),
      slug: 'spring-poster-i2t',
      zh_name: '春日海报',
      tenant_id: who.tenantId,
    });
    const [row] = await t.db.select().from(templates).where(eq(templates.id, result.template.id));
    const reference = row?.generationConfigs[0]?.default_reference_images?.[0];
    expect(reference).toMatch(new RegExp(`^http://files\\.test/files/${who.tenantId}/templates/${jobId}\\.png$`));
    expect(row?.promptTemplate).toBe(result.prompt_template);
    expect(row?.ratio).toBe('3:4');

    const { jobId: imageJobId } = await generateImage(
      deps(),
      who,
      { template_id: result.template.id, input: {} },
      { idempotencyKey: null },
    );
    const [task] = (await claim(t.db, [QUEUES.imageJob], 10, 60_000, 'test-worker')).filter(
      (c) => c.payload.jobId === imageJobId,
    );
    if (!task || task.queue !== QUEUES.imageJob) throw new Error('no image task');
    await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5 }, task);
    const image = await waitForJob(imageJobId);
    expect(image.status).toBe('done');
    expect((image.input as { reference_images: string[] }).reference_images).toEqual([reference]);
  });

  it('refuses a taken slug up front (409, nothing charged) and never overwrites one taken meanwhile', async () => {
    const who = await tenant();
    const other = await tenant();
    await createTemplate(deps(), other, {
      type: 'image',
      slug: 'taken-i2t',
      zh_name: '别人的模板',
      prompt_template: 'a cat',
    });
    await expect(
      convertImage(deps(), who, { file: await poster(5) }, { create_template: true, template: { slug: 'taken-i2t' } }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await ledger(who.tenantId)).toEqual([]);

    const submitted = (await convertImage(
      deps(),
      who,
      { file: await poster(5) },
      { create_template: true, template: { slug: 'raced-i2t' } },
    )) as { jobId: string };
    await createTemplate(deps(), other, {
      type: 'image',
      slug: 'raced-i2t',
      zh_name: '先到的模板',
      prompt_template: 'a dog',
    });
    await runQueued(submitted.jobId);
    const r = await conversionResult(t.db, who, submitted.jobId);
    expect(r.status).toBe('done');
    expect(r.result?.template).toBeNull();
    expect(r.result?.prompt_template).toBeNull();
    expect(r.result?.template_error).toMatch(/not created: The slug "raced-i2t" is already taken/);
    expect(r.steps.at(-1)).toMatchObject({ name: 'create template', status: 'fail' });
    const [kept] = await t.db.select().from(templates).where(eq(templates.slug, 'raced-i2t'));
    expect(kept).toMatchObject({ tenantId: other.tenantId, zhName: '先到的模板', promptTemplate: 'a dog' });
  });

  it('fails the job and refunds when the reading fails everywhere; the failed step says so', async () => {
    const who = await tenant();
    const { jobId } = (await convertImage(deps(), who, { file: await poster(6) }, { async: true })) as {
      jobId: string;
    };
    await sim.control('/__sim/faults', { json: { channel: '*', fault: 'server_error' } });
    await runQueued(jobId);
    const r = await conversionResult(t.db, who, jobId);
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/^The image could not be read: .*every available upstream/);
    expect(r.steps).toEqual([
      { name: 'receive image', status: 'ok' },
      { name: 'parse image', status: 'fail', error: expect.any(String) },
    ]);
    expect(await ledger(who.tenantId)).toEqual([
      { kind: 'charge', amount: -4, category: 'reverse' },
      { kind: 'refund', amount: 4, category: 'reverse' },
    ]);
  });

  it('the watchdog fails a job whose worker died mid-step: time-out fallback, the step fails, refunded once', async () => {
    const who = await tenant();
    const { jobId } = (await convertImage(deps(), who, { file: await poster(7) }, { async: true })) as {
      jobId: string;
    };
    await sim.control('/__sim/faults', { json: { channel: '*', fault: 'timeout' } });
    const worker = new AbortController();
    const running = runQueued(jobId, worker.signal).catch((e: unknown) => e);
    for (let i = 0; i < 100; i++) {
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
      if (row?.steps?.some((s) => s.name === 'parse image' && s.status === 'running')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    worker.abort();
    await running;
    const [left] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(left?.status).toBe('pending');
    expect(await failStalledConversions(t.db, 60_000)).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    expect(await failStalledConversions(t.db, 200)).toBe(1);
    expect(await failStalledConversions(t.db, 200)).toBe(0);
    const r = await conversionResult(t.db, who, jobId);
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/^Time-out fallback: .*not a model failure/);
    expect(r.steps).toEqual([
      { name: 'receive image', status: 'ok' },
      { name: 'parse image', status: 'fail', error: 'stopped by the watchdog: no progress' },
    ]);
    expect(r.steps.some((s) => s.status === 'running')).toBe(false);
    expect(await ledger(who.tenantId)).toEqual([
      { kind: 'charge', amount: -4, category: 'reverse' },
      { kind: 'refund', amount: 4, category: 'reverse' },
    ]);
  });

  it('another tenant, or a job that is no conversion, is not found', async () => {
    const who = await tenant();
    const other = await tenant();
    const { jobId } = (await convertImage(deps(), who, { file: await poster(8) }, { async: true })) as {
      jobId: string;
    };
    await expect(conversionResult(t.db, other, jobId)).rejects.toMatchObject({ status: 404 });
    const { jobId: imageJob } = await generateImage(deps(), who, { prompt: '一只猫' }, { idempotencyKey: null });
    await expect(conversionResult(t.db, who, imageJob)).rejects.toMatchObject({ status: 404 });
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.kind, 'template'))),
    ).toHaveLength(1);
  });
});
