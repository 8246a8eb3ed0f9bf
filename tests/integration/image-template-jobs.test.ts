import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, templates } from '@/server/db/schema';
import { conversionResult, convertImage, failStalledConversions } from '@/server/domain/image-template/jobs';
import { generateImage } from '@/server/domain/jobs/submit';
import { runImageJob } from '@/server/domain/jobs/run';
import { createTemplate } from '@/server/domain/templates/templates';
import { claim, QUEUES } from '@/server/queue/queue';
import type { FileStore } from '@/server/storage/store';
import type { RunningSim } from '@/sim/testing';
import { testConfig, type TestDatabase } from '../helpers/test-db';
import { imageTemplateSuite } from '../helpers/image-template-suite';

const suite = imageTemplateSuite();
let t: TestDatabase;
let sim: RunningSim;
let files: FileStore;
beforeAll(() => {
  ({ t, sim, files } = suite);
});
const { deps, tenant, poster, ledger, waitForJob, runQueued } = suite;

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
