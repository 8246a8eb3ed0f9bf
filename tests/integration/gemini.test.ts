import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { AppError } from '@/server/errors';
import { jobs, ledgerEntries, upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { proxyChat, type ChatOutput } from '@/server/domain/chat/proxy';
import { chatChargesWritten } from '@/server/domain/credits/hold-registry';
import { walletOf } from '@/server/domain/credits/ledger';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES } from '@/server/queue/queue';
import { LocalFileStore } from '@/server/storage/store';
import { flushAttempts } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { SIM_GEMINI_CHAT_CHANNEL, SIM_GEMINI_IMAGE_CHANNEL } from '@/sim/channels';
import { SIM_GEMINI_REPLY } from '@/sim/protocols/gemini';
import { startSim, type RunningSim } from '@/sim/testing';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tenant's image job and chat completion routed to the simulated Gemini channels (adapter `gemini`). */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_GEMINI_IMAGE_CHANNEL, SIM_GEMINI_CHAT_CHANNEL] });
  const channels = [SIM_GEMINI_IMAGE_CHANNEL, SIM_GEMINI_CHAT_CHANNEL];
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, channels), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-gemini-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

async function tenant(name: string): Promise<ScopedIdentity & { kind: 'tenant' }> {
  const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name,
    credits: 100,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: row.id, via: 'key' };
}

async function attemptsOf(tenantId: string) {
  await flushAttempts();
  return t.db
    .select({ channel: upstreams.name, ok: upstreamAttempts.ok, cls: upstreamAttempts.errorClass })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.tenantId, tenantId))
    .orderBy(upstreamAttempts.id);
}

describe('the gemini protocol end to end', () => {
  it('routes an image job to the Gemini image channel and stores the verified image at the ratio asked', async () => {
    const who = await tenant('双子座图片');
    const [job] = await submitImageJobs({ db: t.db, config, files }, who, {
      items: [{ prompt: 'a lighthouse at dusk', ratio: '16:9', quality: 'low' }],
      callbackUrl: null,
      idempotencyKey: null,
      hash: 'gemini-image',
      batch: false,
    });
    if (!job) throw new Error('no job');
    const [task] = await claim(t.db, [QUEUES.imageJob], 1, 60_000, 'gemini-test');
    if (!task) throw new Error('no task');
    await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5 }, task);
    const [done] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(done?.status).toBe('done');
    const key = files.keyOf(done?.cdnUrl ?? '');
    if (!key) throw new Error(`not a stored result: ${done?.cdnUrl}`);
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      files
        .read(key)
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve(Buffer.concat(chunks)))
        .on('error', reject);
    });
    // gemini-2.5-flash-image's 16:9 is 1344x768, cropped to exactly 16:9 (1344x756).
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1344, height: 756 });
    expect(await attemptsOf(who.tenantId)).toEqual([{ channel: SIM_GEMINI_IMAGE_CHANNEL.name, ok: true, cls: null }]);
    const charges = await t.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, who.tenantId), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toEqual([{ amount: -1 }]);
  });

  it('answers a chat completion through the Gemini chat channel and charges it', async () => {
    const who = await tenant('双子座对话');
    const caller = { who, wallet: await walletOf(t.db, who), binding: null, rateKey: `tenant:${who.tenantId}` };
    let answer: unknown = null;
    const sink: ChatOutput = {
      json: (_status, body) => (answer = body),
      open: () => {},
      write: () => {},
      end: () => {},
    };
    await proxyChat(
      { db: t.db, files, config: testConfig(), random: () => 0, retryDelayMs: () => 5 },
      caller,
      { model: SIM_GEMINI_CHAT_CHANNEL.family, messages: [{ role: 'user', content: '你好' }] },
      sink,
      new AbortController().signal,
    );
    expect(answer).toMatchObject({ choices: [{ message: { content: SIM_GEMINI_REPLY }, finish_reason: 'stop' }] });
    await chatChargesWritten(who.tenantId);
    const charged = await t.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, who.tenantId), eq(ledgerEntries.category, 'chat')));
    expect(charged.reduce((s, r) => s + r.amount, 0)).toBeLessThan(0);
    expect(await attemptsOf(who.tenantId)).toEqual([{ channel: SIM_GEMINI_CHAT_CHANNEL.name, ok: true, cls: null }]);
  });

  it('ends a Gemini stream that breaks mid-way with an error event, charging what was streamed', async () => {
    const who = await tenant('双子座断流');
    const caller = { who, wallet: await walletOf(t.db, who), binding: null, rateKey: `tenant:${who.tenantId}` };
    await fault(SIM_GEMINI_CHAT_CHANNEL.name, 'stream_break');
    let text = '';
    const sink: ChatOutput = { json: () => {}, open: () => {}, write: (chunk) => void (text += chunk), end: () => {} };
    await proxyChat(
      { db: t.db, files, config: testConfig(), random: () => 0, retryDelayMs: () => 5 },
      caller,
      {
        model: SIM_GEMINI_CHAT_CHANNEL.family,
        stream: true,
        messages: [{ role: 'user', content: 'Tell me about tea.' }],
      },
      sink,
      new AbortController().signal,
    );
    const events = text
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => e.slice(6));
    expect(events).not.toContain('[DONE]');
    const streamed = events
      .slice(0, -1)
      .flatMap((e) => (JSON.parse(e) as { choices: { delta: { content?: string } }[] }).choices)
      .map((c) => c.delta.content ?? '')
      .join('');
    expect(streamed.length).toBeGreaterThan(0);
    expect(SIM_GEMINI_REPLY.startsWith(streamed) && streamed !== SIM_GEMINI_REPLY).toBe(true);
    expect(JSON.parse(events.at(-1) ?? '{}')).toMatchObject({
      error: { type: 'server_error', code: 'upstream_stream_broken' },
    });
    expect(await chatCharged(who.tenantId)).toBeGreaterThan(0);
    expect(await attemptsOf(who.tenantId)).toEqual([
      { channel: SIM_GEMINI_CHAT_CHANNEL.name, ok: true, cls: null },
      { channel: SIM_GEMINI_CHAT_CHANNEL.name, ok: false, cls: 'network' },
    ]);
  });

  it('answers an unusable-result error, charging nothing, when Gemini answers candidates without content', async () => {
    const who = await tenant('双子座空答');
    const caller = { who, wallet: await walletOf(t.db, who), binding: null, rateKey: `tenant:${who.tenantId}` };
    await fault(SIM_GEMINI_CHAT_CHANNEL.name, 'missing_fields', { times: 3 });
    const sink: ChatOutput = { json: () => {}, open: () => {}, write: () => {}, end: () => {} };
    const err = await proxyChat(
      { db: t.db, files, config: testConfig(), random: () => 0, retryDelayMs: () => 5 },
      caller,
      { model: SIM_GEMINI_CHAT_CHANNEL.family, messages: [{ role: 'user', content: '你好' }] },
      sink,
      new AbortController().signal,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(/unusable result/);
    expect(await chatCharged(who.tenantId)).toBe(0);
    const attempts = await attemptsOf(who.tenantId);
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every((a) => a.channel === SIM_GEMINI_CHAT_CHANNEL.name && a.cls === 'bad_output')).toBe(true);
  });
});

const fault = async (channel: string, kind: string, extra: Record<string, unknown> = {}) =>
  expect((await sim.control('/__sim/faults', { json: { channel, fault: kind, times: 1, ...extra } })).status).toBe(200);

/** What the tenant was charged for chat, once the charges are written. */
async function chatCharged(tenantId: string): Promise<number> {
  await chatChargesWritten(tenantId);
  const rows = await t.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.category, 'chat')));
  return rows.reduce((s, r) => s - r.amount, 0);
}
