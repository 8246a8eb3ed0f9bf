import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv, type Config } from '@/server/config';
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
    .select({ channel: upstreams.name, ok: upstreamAttempts.ok })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.tenantId, tenantId));
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
    expect(await attemptsOf(who.tenantId)).toEqual([{ channel: SIM_GEMINI_IMAGE_CHANNEL.name, ok: true }]);
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
    expect(await attemptsOf(who.tenantId)).toEqual([{ channel: SIM_GEMINI_CHAT_CHANNEL.name, ok: true }]);
  });
});
