import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findSimChannel, SIM_ANTHROPIC_CHANNEL, type SimChannel } from '@/sim/channels';
import { SIM_ANTHROPIC_REPLY } from '@/sim/protocols/anthropic';
import { startSim, type RunningSim } from '@/sim/testing';
import { upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { proxyChat, type ChatCaller, type ChatOutput } from '@/server/domain/chat/proxy';
import { chatChargesWritten } from '@/server/domain/credits/hold-registry';
import { walletOf } from '@/server/domain/credits/ledger';
import { createTenant } from '@/server/domain/tenants/tenants';
import { flushAttempts } from '@/server/upstreams/engine';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { LocalFileStore } from '@/server/storage/store';
import { chatTestConfig } from '../helpers/chat-suite';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * One chat family served over two protocols: an OpenAI Chat Completions channel (sim-chat-a) and an
 * Anthropic Messages channel (sim-claude, its model given the same family). When one fails, the other
 * answers in the caller's Chat Completions shape, and the attempt log shows both.
 */

const FAMILY = 'chatmodel-1';
let t: TestDatabase;
let sim: RunningSim;

const config = chatTestConfig;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [findSimChannel('sim-chat-a') as SimChannel, SIM_ANTHROPIC_CHANNEL] });
  const set = simulatorUpstreams(sim.url, [findSimChannel('sim-chat-a') as SimChannel, SIM_ANTHROPIC_CHANNEL]).map(
    (u) => ({ ...u, models: u.models.map((m) => ({ ...m, family: FAMILY })) }),
  );
  await syncUpstreams(t.db, testSecret, set, 'simulator');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/faults', { method: 'DELETE' });
  // eslint-disable-next-line drizzle/enforce-update-with-where
  await t.db.update(upstreams).set({ removedReason: null, removedAt: null, enabled: true });
  invalidateCandidates(t.db);
});

/** `first`: which channel routing tries first (candidates in name order: sim-chat-a, then sim-claude). */
const deps = (first: 'sim-chat-a' | 'sim-claude') => ({
  db: t.db,
  files: new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-xproto-')), 'http://files.test'),
  config,
  random: first === 'sim-chat-a' ? () => 0 : () => 0.999_999,
  retryDelayMs: () => 5,
});

async function tenant(): Promise<ChatCaller> {
  const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `跨协议租户 ${Date.now()}`,
    credits: 1_000,
    quota_monthly: 0,
  });
  const who: ScopedIdentity = { kind: 'tenant', tenantId: row.id, via: 'key' };
  return { who, wallet: await walletOf(t.db, who), binding: null, rateKey: `tenant:${row.id}` };
}

function recorder() {
  const out = { status: 0, json: null as unknown, text: '' };
  const sink: ChatOutput = {
    json(status, body) {
      out.status = status;
      out.json = body;
    },
    open() {
      out.status = 200;
    },
    write(text) {
      out.text += text;
    },
    end() {},
  };
  return { out, sink };
}

async function attemptsOf(tenantId: string) {
  await flushAttempts();
  return t.db
    .select({
      channel: upstreams.name,
      adapter: upstreams.adapter,
      ok: upstreamAttempts.ok,
      cls: upstreamAttempts.errorClass,
    })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.tenantId, tenantId))
    .orderBy(upstreamAttempts.id);
}

const fault = async (channel: string, kind: string, extra: Record<string, unknown> = {}) =>
  expect((await sim.control('/__sim/faults', { json: { channel, fault: kind, ...extra } })).status).toBe(200);
const NAMES = /sim-|claude|anthropic|msg_/i;

describe('chat fallback across protocols within one family', () => {
  it('answers from the Anthropic channel when the OpenAI channel’s key is refused', async () => {
    const caller = await tenant();
    await fault('sim-chat-a', 'invalid_key');
    const { out, sink } = recorder();
    const body = { model: FAMILY, messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 50 };
    await proxyChat(deps('sim-chat-a'), caller, body, sink, new AbortController().signal);
    const answer = out.json as { model: string; choices: { message: { content: string } }[]; usage: object };
    expect(out.status).toBe(200);
    expect(answer.model).toBe(FAMILY);
    expect(answer.choices[0]?.message.content).toBe(SIM_ANTHROPIC_REPLY);
    // The simulated reply is the model's own words; nothing else in the answer names who served it.
    expect(JSON.stringify(answer).replace(SIM_ANTHROPIC_REPLY, '')).not.toMatch(NAMES);
    expect(await attemptsOf(caller.who.tenantId)).toEqual([
      { channel: 'sim-chat-a', adapter: 'openai-chat', ok: false, cls: 'invalid_key' },
      { channel: 'sim-claude', adapter: 'anthropic', ok: true, cls: null },
    ]);
    await chatChargesWritten(caller.who.tenantId);
  });

  it('streams from the OpenAI channel when the Anthropic channel fails with a 5xx, before the first byte', async () => {
    const caller = await tenant();
    await fault('sim-claude', 'server_error');
    const { out, sink } = recorder();
    const body = {
      model: FAMILY,
      stream: true,
      messages: [{ role: 'user', content: 'Write two sentences about tea.' }],
    };
    await proxyChat(deps('sim-claude'), caller, body, sink, new AbortController().signal);
    const events = out.text
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => e.slice(6));
    expect(events.at(-1)).toBe('[DONE]');
    expect(events.some((e) => e.includes('"error"'))).toBe(false);
    expect(out.text).not.toMatch(NAMES);
    // A server error is retried once on its channel, then the chain moves to the other protocol.
    expect((await attemptsOf(caller.who.tenantId)).map((a) => [a.channel, a.ok, a.cls])).toEqual([
      ['sim-claude', false, 'server_error'],
      ['sim-claude', false, 'server_error'],
      ['sim-chat-a', true, null],
    ]);
  });
});
