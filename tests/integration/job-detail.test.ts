import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { callbackDeliveries, jobs } from '@/server/db/schema';
import type { Identity } from '@/server/domain/auth/identity';
import { refundJob } from '@/server/domain/credits/ledger';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

/** `jobs.detail`, the console's view of one job: who sees it, what it cost, the request behind it, its callbacks and hooks. */
const t = suiteDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-job-detail-'));
const config: Config = {
  ...buildConfig(
    parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), STUDIO_ALLOW_PRIVATE_CALLBACKS: '1' }),
  ),
  secret: testSecret,
};
const files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');

const as = (identity: Identity) =>
  createCaller({ db: t.db, config, files, identity, authFailure: null, headers: new Headers() } satisfies Context);
const tenant = (tenantId: string) => as({ kind: 'tenant', tenantId, via: 'session', userId: 'u' });

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

async function newTenant(name: string) {
  const { tenant: row } = await as({ kind: 'admin' }).admin.tenantCreate({ name, credits: 200 });
  return row.id;
}

beforeAll(async () => {
  // Jobs are only submitted here, never run: the upstreams need to exist, not to answer.
  await syncUpstreams(t.db, testSecret, simulatorUpstreams('http://127.0.0.1:9'), 'simulator');
});

describe('jobs.detail', () => {
  it('shows a member only its own jobs, and another tenant none', async () => {
    const tenantId = await newTenant('详情租户');
    const owner = tenant(tenantId);
    const { account } = await owner.members.create({ email: 'a@detail.cn', nickname: '甲', shared: true });
    const { account: other } = await owner.members.create({ email: 'b@detail.cn', nickname: '乙', shared: true });
    const memberA = as({ kind: 'member', tenantId, accountId: account.account_id });
    const memberB = as({ kind: 'member', tenantId, accountId: other.account_id });

    const { jobId } = await memberA.jobs.generate({ prompt: '成员的图', ratio: '3:4', quality: 'low' });
    expect((await memberA.jobs.detail({ id: jobId })).job.prompt).toBe('成员的图');
    // The tenant sees every job of the tenant.
    expect((await owner.jobs.detail({ id: jobId })).job.id).toBe(jobId);
    expect((await refusal(memberB.jobs.detail({ id: jobId }))).code).toBe('NOT_FOUND');
    const stranger = tenant(await newTenant('别家租户'));
    expect((await refusal(stranger.jobs.detail({ id: jobId }))).code).toBe('NOT_FOUND');
    expect((await refusal(stranger.jobs.get({ id: jobId }))).code).toBe('NOT_FOUND');
  });

  it('keeps the request exactly as sent, with its cost, refunds and callback deliveries', async () => {
    const tenantId = await newTenant('回调租户');
    const owner = tenant(tenantId);
    const body = {
      prompt: '一杯拿铁，"引号" 和 \'单引号\'',
      ratio: '3:4',
      quality: 'medium' as const,
      background: 'opaque' as const,
      callback_url: 'http://127.0.0.1:9/hook',
    };
    const { jobId } = await owner.jobs.generate(body);
    const before = await owner.jobs.detail({ id: jobId });
    expect(before.request?.body).toEqual(body);
    expect(before.request).toMatchObject({
      complete: true,
      model: null,
      callback_url: body.callback_url,
      reference_images: [],
    });
    expect(before.credits).toBe(config.prices.image.medium);
    expect(before.refunded).toBe(0);
    expect(before.ledger).toEqual([expect.objectContaining({ kind: 'charge', amount: -config.prices.image.medium })]);
    expect(before.deliveries).toEqual([]);
    expect(before.hooks).toEqual([]);

    // As the worker ends a failed job: refunded in the same transaction, then the callback is tried twice.
    await t.db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobs)
        .set({ status: 'failed', error: 'no upstream answered', finishedAt: new Date() })
        .where(eq(jobs.id, jobId))
        .returning();
      if (!row) throw new Error('no job');
      await refundJob(tx, row, { category: 'image', note: 'job failed' });
    });
    await t.db.insert(callbackDeliveries).values([
      {
        jobId,
        attempt: 1,
        url: body.callback_url,
        statusCode: 503,
        ok: 'failed',
        error: 'the receiver answered HTTP 503',
        durationMs: 12,
      },
      { jobId, attempt: 2, url: body.callback_url, statusCode: 200, ok: 'delivered', error: null, durationMs: 8 },
    ]);

    const after = await owner.jobs.detail({ id: jobId });
    expect(after.job).toMatchObject({ status: 'failed', error: 'no upstream answered' });
    expect(after.refunded).toBe(config.prices.image.medium);
    expect(after.ledger.map((l) => l.kind)).toEqual(['charge', 'refund']);
    expect(after.deliveries).toEqual([
      expect.objectContaining({
        attempt: 1,
        status_code: 503,
        outcome: 'failed',
        error: 'the receiver answered HTTP 503',
        duration_ms: 12,
      }),
      expect.objectContaining({ attempt: 2, status_code: 200, outcome: 'delivered', error: null, duration_ms: 8 }),
    ]);
  });

  it('names the template, its values and the hooks bound to it; a disabled hook is not offered', async () => {
    const tenantId = await newTenant('钩子租户');
    const owner = tenant(tenantId);
    const { template: image } = await owner.templates.create({
      type: 'image',
      zh_name: '商品主图',
      prompt_template: '{product}，白底，{style}',
      fields: [
        { key: 'product', label: '商品' },
        { key: 'style', label: '风格', required: false },
      ],
    });
    const { template: article } = await owner.templates.create({
      type: 'article',
      zh_name: '商品种草',
      format: 'xiaohongshu',
      prompt_template: '为{product}写一篇种草笔记',
      fields: [{ key: 'product', label: '商品' }],
    });
    await owner.pipelines.bind({
      image_template_slug: image.slug,
      hook_type: 'article',
      hook_template_slug: article.slug,
    });

    const { jobId } = await owner.jobs.generate({
      template_id: image.id,
      input: { product: '手冲咖啡壶' },
      ratio: '1:1',
    });
    const detail = await owner.jobs.detail({ id: jobId });
    expect(detail.request).toMatchObject({
      template_slug: image.slug,
      input: { product: '手冲咖啡壶' },
      body: { template_id: image.id, input: { product: '手冲咖啡壶' }, ratio: '1:1' },
    });
    // The template's own prompt text is the tenant's; the caller's values are what the request holds.
    expect(detail.hooks).toEqual([{ hook_type: 'article', hook_template_slug: article.slug }]);

    const { hooks } = await owner.pipelines.list({ image_template_slug: image.slug });
    await owner.pipelines.update({ id: hooks[0]?.id ?? '', enabled: false });
    expect((await owner.jobs.detail({ id: jobId })).hooks).toEqual([]);
  });

  it('refuses an id that is not a job id', async () => {
    const owner = tenant(await newTenant('格式租户'));
    expect((await refusal(owner.jobs.detail({ id: 'not-a-job' }))).code).toBe('BAD_REQUEST');
  });
});
