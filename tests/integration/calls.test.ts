import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTO_MODEL } from '@/contracts/chat';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { callLog, jobs, ledgerEntries, videoTasks } from '@/server/db/schema';
import { OPERATOR, type Identity, type ScopedIdentity } from '@/server/domain/auth/identity';
import { flushCalls } from '@/server/domain/calls/record';
import { pruneCallLog } from '@/server/domain/calls/prune';
import { proxyChat, type ChatCaller, type ChatOutput } from '@/server/domain/chat/proxy';
import { chatChargesWritten } from '@/server/domain/credits/hold-registry';
import { walletOf } from '@/server/domain/credits/ledger';
import { endJob } from '@/server/domain/jobs/lifecycle';
import { reverseImage } from '@/server/domain/reading/reading';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { renderPoster } from '@/sim/media/poster';
import { routingSuite } from '../helpers/routing-sim';
import { testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * The call log (`calls.*`): one row per call of every kind, with the figures the ledger and the jobs
 * hold, filters, pages, the detail, the CSV export and who sees what.
 */
let t: TestDatabase;
let files: FileStore;
let config: Config;
const suite = routingSuite();
beforeAll(() => {
  ({ t } = suite);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-calls-'));
  files = new LocalFileStore(path.join(dir, 'files'), 'http://files.test');
  config = {
    ...buildConfig(
      parseEnv({ STUDIO_DATA_DIR: dir, PUBLIC_BASE_URL: 'http://studio.test', IMAGE_HOST: 'http://files.test' }),
    ),
    secret: testSecret,
  };
});

const as = (identity: Identity) => {
  const ctx: Context = { db: t.db, config, files, identity, authFailure: null, headers: new Headers() };
  return createCaller(ctx);
};

async function tenant(credits = 1_000): Promise<{ who: ScopedIdentity; id: string }> {
  const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `调用日志租户 ${credits}`,
    credits,
    quota_monthly: 0,
  });
  return { who: { kind: 'tenant', tenantId: row.id, via: 'key' }, id: row.id };
}

async function member(tenantId: string, email: string): Promise<ScopedIdentity> {
  const { account } = await as({ kind: 'tenant', tenantId, via: 'key' }).members.create({
    email,
    nickname: `成员 ${email}`,
  });
  return { kind: 'member', tenantId, accountId: account.account_id };
}

async function chatCaller(who: ScopedIdentity): Promise<ChatCaller> {
  return { who, wallet: await walletOf(t.db, who), binding: null, rateKey: `k:${JSON.stringify(who)}` };
}

function sink(): { out: ChatOutput; body: () => unknown } {
  let body: unknown = null;
  return {
    out: { json: (_s, b) => (body = b), open: () => undefined, write: () => undefined, end: () => undefined },
    body: () => body,
  };
}

const chat = (caller: ChatCaller, body: unknown) => {
  const s = sink();
  return proxyChat(
    { db: t.db, files, config, random: () => 0 },
    caller,
    body,
    s.out,
    new AbortController().signal,
  ).then(() => s.body() as { usage: { prompt_tokens: number; completion_tokens: number }; credits: number });
};

const list = (who: ScopedIdentity, input: Parameters<ReturnType<typeof as>['calls']['list']>[0] = {}) =>
  as(who).calls.list(input);

describe('each kind writes one row', () => {
  it('a chat call: its tokens and credits are those of its answer and of its ledger charge', async () => {
    const { who } = await tenant();
    const answer = await chat(await chatCaller(who), { messages: [{ role: 'user', content: '你好，介绍一下自己' }] });
    const { calls } = await list(who, { kind: 'chat' });
    expect(calls).toHaveLength(1);
    const call = calls[0];
    if (!call) throw new Error('no call logged');
    expect(call).toMatchObject({
      kind: 'chat',
      status: 'done',
      model: AUTO_MODEL,
      via: 'key',
      account_id: null,
      tokens_in: answer.usage.prompt_tokens,
      tokens_out: answer.usage.completion_tokens,
      credits: answer.credits,
      credits_refunded: 0,
      job_id: null,
    });
    expect(call.family).toEqual(expect.any(String));
    expect(call.latency_ms).toBeGreaterThanOrEqual(0);
    await chatChargesWritten(who.tenantId);
    const detail = await as(who).calls.detail({ id: call.id });
    expect(detail.ledger).toEqual([expect.objectContaining({ kind: 'charge', amount: -answer.credits })]);
    expect(detail.ledger[0]?.note).toContain(`${answer.usage.prompt_tokens} prompt`);
  });

  it('a streamed chat call is logged with the tokens the stream reported', async () => {
    const { who } = await tenant();
    const caller = await chatCaller(who);
    const s = sink();
    let text = '';
    const out: ChatOutput = { ...s.out, write: (x) => void (text += x) };
    await proxyChat(
      { db: t.db, files, config, random: () => 0 },
      caller,
      {
        messages: [{ role: 'user', content: '写一句诗' }],
        stream: true,
        stream_options: { include_usage: true },
      },
      out,
      new AbortController().signal,
    );
    const last = text
      .split('\n\n')
      .filter((e) => e.startsWith('data: {'))
      .map(
        (e) =>
          JSON.parse(e.slice(6)) as { usage?: { prompt_tokens: number; completion_tokens: number }; credits?: number },
      )
      .at(-1);
    const [call] = (await list(who)).calls;
    expect(call).toMatchObject({
      kind: 'chat',
      status: 'done',
      tokens_in: last?.usage?.prompt_tokens,
      tokens_out: last?.usage?.completion_tokens,
      credits: last?.credits,
    });
  });

  it('a chat call refused for credits is logged refused, at no cost', async () => {
    const { who } = await tenant(0);
    await expect(chat(await chatCaller(who), { messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
    });
    const [call] = (await list(who)).calls;
    expect(call).toMatchObject({ kind: 'chat', status: 'refused', credits: 0, error_code: 'insufficient_credits' });
  });

  it('an image reading: charged, and a reading refused for its image is logged refused', async () => {
    const { who } = await tenant();
    const file = await renderPoster({
      width: 300,
      height: 400,
      background: '#203060',
      layers: [{ role: 'title', text: '春日', x: 0.5, y: 0.2, size_ratio: 0.1, color: '#FFFFFF' }],
    });
    await reverseImage({ db: t.db, files, config }, who, { file });
    await expect(
      reverseImage({ db: t.db, files, config }, who, { file: Buffer.from('not an image') }),
    ).rejects.toThrow();
    const { calls } = await list(who, { kind: 'reading' });
    expect(calls.map((c) => [c.status, c.credits, c.credits_refunded])).toEqual([
      ['refused', 0, 0],
      ['done', config.prices.reverse, 0],
    ]);
    const detail = await as(who).calls.detail({ id: calls[1]?.id ?? '' });
    expect(detail.ledger).toEqual([expect.objectContaining({ kind: 'charge', amount: -config.prices.reverse })]);
  });

  it('an image job, a batch, and a failed image shown failed and refunded', async () => {
    const { who } = await tenant();
    const api = as(who);
    const one = await api.jobs.generate({ prompt: '一只橘猫', quality: 'low' });
    const batch = await api.jobs.generateBatch({ items: [{ prompt: '山' }, { prompt: '海' }] });
    const failed = await api.jobs.generate({ prompt: '注定失败', quality: 'medium' });
    await t.db.transaction((tx) =>
      endJob(tx, failed.jobId, {
        status: 'failed',
        error: 'the image could not be made',
        reason: 'upstream_error',
        refund: { category: 'image', note: 'failed job' },
      }),
    );
    const { calls } = await list(who);
    const byJob = new Map(calls.map((c) => [c.job_id, c]));
    expect(byJob.get(one.jobId)).toMatchObject({ kind: 'image', status: 'pending', text: '一只橘猫', credits: 1 });
    for (const j of batch.jobs) expect(byJob.get(j.jobId)).toMatchObject({ kind: 'batch' });
    expect(byJob.get(failed.jobId)).toMatchObject({
      kind: 'image',
      status: 'failed',
      credits: 2,
      credits_refunded: 2,
      error_code: 'upstream_error',
      note: 'the image could not be made',
    });
    expect((await api.calls.list({ kind: 'batch' })).calls).toHaveLength(2);
    expect((await api.calls.list({ status: 'failed' })).calls.map((c) => c.job_id)).toEqual([failed.jobId]);
    const detail = await api.calls.detail({ id: failed.jobId });
    expect(detail.ledger.map((l) => [l.kind, l.amount])).toEqual([
      ['charge', -2],
      ['refund', 2],
    ]);
  });

  it('videos (with their tier), articles and image-to-template conversions are read from their jobs', async () => {
    const { who } = await tenant();
    const base = { tenantId: who.tenantId, input: {}, status: 'done' as const, elapsedMs: 1200 };
    const [video] = await t.db
      .insert(jobs)
      .values({ ...base, kind: 'video', credits: 30, input: { prompt: '海浪', model: 'asked' } })
      .returning();
    if (!video) throw new Error('no video job');
    await t.db.insert(videoTasks).values({ id: video.id, tenantId: who.tenantId, tier: 'standard-720p' });
    await t.db.insert(jobs).values({ ...base, kind: 'article', credits: 1, input: { template_slug: 'wechat-post' } });
    await t.db.insert(jobs).values({ ...base, kind: 'template', credits: 4, status: 'failed', creditsRefunded: 4 });
    const { calls } = await list(who);
    expect(calls.map((c) => [c.kind, c.model ?? c.text, c.status, c.credits, c.credits_refunded])).toEqual(
      expect.arrayContaining([
        ['video', 'standard-720p', 'done', 30, 0],
        ['article', 'wechat-post', 'done', 1, 0],
        ['image-template', null, 'failed', 4, 4],
      ]),
    );
  });
});

describe('filters, pages, search, isolation', () => {
  it('pages newest first without gaps or repeats, and filters by member, kind, status, days and text', async () => {
    const { who, id } = await tenant();
    const m = await member(id, 'pager@calls.cn');
    const base = { tenantId: id, kind: 'image' as const, input: { prompt: 'p' }, credits: 1, status: 'done' as const };
    const at = (iso: string) => new Date(iso);
    // 2026-11-01 23:30 in Shanghai is 15:30 UTC; 2026-11-02 00:30 in Shanghai is 16:30 UTC the day before.
    await t.db.insert(jobs).values([
      { ...base, createdAt: at('2026-11-01T15:30:00Z'), input: { prompt: '十一月一日' } },
      { ...base, createdAt: at('2026-11-01T16:30:00Z'), input: { prompt: '十一月二日' }, requestId: 'req-find-me' },
      { ...base, createdAt: at('2026-11-03T02:00:00Z'), accountId: (m as { accountId: string }).accountId },
    ]);
    for (let i = 0; i < 5; i++) await chat(await chatCaller(m), { messages: [{ role: 'user', content: `第${i}次` }] });

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(who, { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.calls.map((c) => c.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const all = (await list(who, { limit: 100 })).calls;
    expect(all.map((c) => c.id)).toEqual(seen);
    expect([...all.map((c) => c.at)].sort().reverse()).toEqual(all.map((c) => c.at));

    const ofMember = (await list(who, { account_id: (m as { accountId: string }).accountId })).calls;
    expect(ofMember).toHaveLength(6);
    expect(ofMember.every((c) => c.member === '成员 pager@calls.cn')).toBe(true);
    expect((await list(who, { from: '2026-11-02', to: '2026-11-02' })).calls.map((c) => c.text)).toEqual([
      '十一月二日',
    ]);
    expect((await list(who, { from: '2026-11-01', to: '2026-11-01' })).calls.map((c) => c.text)).toEqual([
      '十一月一日',
    ]);
    expect((await list(who, { q: 'req-find-me' })).calls.map((c) => c.text)).toEqual(['十一月二日']);
    expect((await list(who, { q: '十一月' })).calls).toHaveLength(2);
    expect((await list(who, { q: '100%_' })).calls).toHaveLength(0);
    expect((await list(who, { kind: 'chat', status: 'refused' })).calls).toHaveLength(0);
  });

  it('a member key sees only its own calls; another tenant’s call is 404', async () => {
    const a = await tenant();
    const b = await tenant();
    const m1 = await member(a.id, 'one@calls.cn');
    const m2 = await member(a.id, 'two@calls.cn');
    await chat(await chatCaller(m1), { messages: [{ role: 'user', content: '一' }] });
    await chat(await chatCaller(m2), { messages: [{ role: 'user', content: '二' }] });
    const [own] = (await list(m1)).calls;
    expect((await list(m1)).calls).toHaveLength(1);
    expect((await list(a.who)).calls).toHaveLength(2);
    // A member naming another member gets nothing, not the other's calls.
    expect((await list(m1, { account_id: (m2 as { accountId: string }).accountId })).calls).toHaveLength(0);
    const [other] = (await list(m2)).calls;
    await expect(as(m1).calls.detail({ id: other?.id ?? '' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(b.who).calls.detail({ id: own?.id ?? '' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await list(b.who)).calls).toHaveLength(0);
    expect((await as(b.who).calls.export({})).content).toBe(`\uFEFF${CSV_HEADER}\r\n`);
  });

  it('refuses a cursor it did not give, and a day that is not one', async () => {
    const { who } = await tenant();
    for (const input of [{ cursor: 'bm9wZQ' }, { from: '2026-02-30' }, { to: 'tomorrow' }]) {
      const err = await list(who, input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe('BAD_REQUEST');
    }
  });
});

const CSV_HEADER =
  'at,at_shanghai,id,kind,status,member,account_id,via,model,family,tokens_in,tokens_out,credits,credits_refunded,latency_ms,request_id,job_id,error_code,note';

describe('CSV export', () => {
  it('has the columns, the filtered rows, and quotes and defuses what needs it', async () => {
    const { who, id } = await tenant();
    await t.db.insert(jobs).values([
      {
        tenantId: id,
        kind: 'image',
        input: { prompt: 'x' },
        credits: 2,
        creditsRefunded: 2,
        status: 'failed',
        error: 'said "no", then, left\nearly',
        createdAt: new Date('2026-11-05T04:00:00Z'),
      },
      { tenantId: id, kind: 'image', input: {}, credits: 1, status: 'done', error: '=HYPERLINK("x")' },
    ]);
    const all = await as(who).calls.export({});
    const lines = all.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(4); // header, two rows, and the final line end
    expect(all.content).toContain(`"said ""no"", then, left\nearly"`);
    expect(all.content).toContain(`,"'=HYPERLINK(""x"")"`);
    expect(all.content).toContain('2026-11-05T04:00:00.000Z,2026-11-05 12:00:00,');
    const failed = await as(who).calls.export({ status: 'failed' });
    expect(failed.content.split('\r\n')).toHaveLength(3);
    expect(failed.filename).toMatch(/^calls-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('retention', () => {
  it('prunes call-log rows past 90 days and keeps the rest', async () => {
    const { who, id } = await tenant();
    await chat(await chatCaller(who), { messages: [{ role: 'user', content: 'old' }] });
    await flushCalls();
    await t.db
      .update(callLog)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * 3600_000) })
      .where(eq(callLog.tenantId, id));
    await chat(await chatCaller(who), { messages: [{ role: 'user', content: 'new' }] });
    await flushCalls();
    expect(await pruneCallLog(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(callLog).where(eq(callLog.tenantId, id))).toHaveLength(1);
    // The ledger keeps its rows: the log is pruned, never the money.
    await chatChargesWritten(id);
    expect(
      await t.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.tenantId, id), eq(ledgerEntries.kind, 'charge'))),
    ).toHaveLength(2);
  });
});
