import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { countTokens as o200k } from 'gpt-tokenizer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { buildConfig, DEFAULT_CHAT_PRICES, parseEnv } from '@/server/config';
import { createCaller } from '@/server/api/root';
import { creditHolds, ledgerEntries, tenants, upstreamAttempts, upstreams } from '@/server/db/schema';
import { createMember } from '@/server/domain/members/members';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { proxyChat, type ChatCaller, type ChatOutput } from '@/server/domain/chat/proxy';
import { chatChargesWritten, closeCreditHolds } from '@/server/domain/credits/hold-registry';
import { walletOf } from '@/server/domain/credits/ledger';
import { AppError } from '@/server/errors';
import { createTenant } from '@/server/domain/tenants/tenants';
import { flushAttempts } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { routingSuite } from '../helpers/routing-sim';
import { testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let sim: RunningSim;
let files: FileStore;

const config: Pick<Config, 'secret' | 'prices' | 'chat'> = {
  secret: testSecret,
  prices: {
    image: { low: 1, medium: 2, high: 4 },
    article: 1,
    reverse: 2,
    imageToTemplate: 4,
    video: {},
    chat: DEFAULT_CHAT_PRICES,
    chatMinimum: 1,
  },
  chat: {
    ratePerMinute: 0,
    maxCompletionTokens: 4_096,
    heartbeatMs: 15_000,
    maxBodyBytes: 20 * 1024 * 1024,
    settleMs: 5,
    holdIdleMs: 10_000,
  },
};

const apiConfig: Config = {
  ...buildConfig(
    parseEnv({
      STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-chat-api-')),
      STUDIO_SECRET: 'x'.repeat(40),
    }),
  ),
  secret: testSecret,
};

/** Routing always picks the first candidate by name (sim-chat-a), so a test knows who answers first. */
const deps = () => ({ db: t.db, files, config, random: () => 0, retryDelayMs: () => 5 });

// The simulator's channels in a fresh database, faults and channel states reset after each test.
const suite = routingSuite();
beforeAll(() => {
  ({ t, sim } = suite);
  files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-chat-')), 'http://files.test');
});
afterEach(async () => {
  await sim.control('/__sim/config', { json: { channel: '*', chunk_delay_ms: 0 } });
});

async function tenant(credits: number): Promise<ChatCaller> {
  const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `对话租户 ${credits}`,
    credits,
    quota_monthly: 0,
  });
  const who: ScopedIdentity = { kind: 'tenant', tenantId: row.id, via: 'key' };
  return { who, wallet: await walletOf(t.db, who), binding: null, rateKey: `tenant:${row.id}` };
}

/** A ChatOutput that keeps what was sent. */
function recorder() {
  const out = { status: 0, json: null as unknown, text: '', ended: false, writes: 0 };
  const sink: ChatOutput = {
    json(status, body) {
      out.status = status;
      out.json = body;
      out.ended = true;
    },
    open() {
      out.status = 200;
    },
    write(text) {
      out.writes += 1;
      out.text += text;
    },
    end() {
      out.ended = true;
    },
  };
  const events = () =>
    out.text
      .split('\n\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => e.slice(6));
  return { out, sink, events };
}

/** The wallet as a reader sees it once the chat charges settled so far are written (as the API's reads wait for them). */
async function balanceOf(caller: ChatCaller): Promise<{ balance: number; ledger: number; charged: number }> {
  await chatChargesWritten(caller.who.tenantId);
  const [row] = await t.db
    .select({ credits: tenants.credits })
    .from(tenants)
    .where(eq(tenants.id, caller.who.tenantId));
  const [sums] = await t.db
    .select({
      ledger: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`,
      charged: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.category} = 'chat'), 0)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, caller.who.tenantId));
  return { balance: row?.credits ?? NaN, ledger: sums?.ledger ?? NaN, charged: sums?.charged ?? NaN };
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

const fault = (channel: string, kind: string, extra: Record<string, unknown> = {}) =>
  sim.control('/__sim/faults', { json: { channel, fault: kind, ...extra } });
const ask = (text: string, extra: Record<string, unknown> = {}) => ({
  model: 'chatmodel-1',
  messages: [{ role: 'user', content: text }],
  ...extra,
});

describe('chat routing and streaming', () => {
  it('falls back before the first byte: the caller sees one clean stream', async () => {
    const caller = await tenant(100);
    expect((await fault('sim-chat-a', 'server_error')).status).toBe(200);
    const { out, sink, events } = recorder();
    await proxyChat(deps(), caller, ask('讲一个关于猫的短故事', { stream: true }), sink, new AbortController().signal);
    const data = events();
    expect(data.at(-1)).toBe('[DONE]');
    expect(data.some((d) => d.includes('"error"'))).toBe(false);
    expect(out.status).toBe(200);
    const attempts = await attemptsOf(caller.who.tenantId);
    // Retried once on sim-chat-a (a server error), then the fallback.
    expect(attempts.map((a) => [a.channel, a.ok])).toEqual([
      ['sim-chat-a', false],
      ['sim-chat-a', false],
      ['sim-chat-b', true],
    ]);
    const money = await balanceOf(caller);
    expect(money.balance).toBe(money.ledger);
    expect(money.charged).toBeGreaterThanOrEqual(1);
  });

  it.each([false, true])(
    'answers a content-filter refusal as the caller’s 400 (stream: %s): one attempt, no fallback, nothing charged',
    async (stream) => {
      const caller = await tenant(100);
      expect((await fault('sim-chat-a', 'content_refused')).status).toBe(200);
      const { out, sink } = recorder();
      const err = await proxyChat(
        deps(),
        caller,
        ask('something the provider filters', { stream }),
        sink,
        new AbortController().signal,
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, reason: 'content_refused' });
      expect((err as AppError).message).toMatch(/^The provider refused the content/);
      expect((err as AppError).message).not.toMatch(/sim-|chatmodel/);
      // Nothing was sent: the refusal came before the stream started.
      expect(out.status).toBe(0);
      // sim-chat-b (same family) was not sent the same messages, and the attempt counts as the caller's.
      expect((await attemptsOf(caller.who.tenantId)).map((a) => [a.channel, a.ok, a.cls])).toEqual([
        ['sim-chat-a', false, 'refused'],
      ]);
      const money = await balanceOf(caller);
      expect(money).toEqual({ balance: 100, ledger: 100, charged: 0 });
    },
  );

  it('ends a stream that breaks mid-way with an error event, charging what was streamed', async () => {
    const caller = await tenant(100);
    await fault('sim-chat-a', 'stream_break');
    const { sink, events } = recorder();
    await proxyChat(
      deps(),
      { ...caller },
      ask('Write a long paragraph about rivers and mountains and the sea.', { model: 'sim-chat-a', stream: true }),
      sink,
      new AbortController().signal,
    );
    const data = events();
    expect(data.length).toBeGreaterThan(1);
    const last = JSON.parse(data.at(-1) ?? '{}') as { error?: { type: string; message: string } };
    expect(last.error?.type).toBe('server_error');
    expect(data).not.toContain('[DONE]');
    const money = await balanceOf(caller);
    expect(money.balance).toBe(money.ledger);
    expect(money.charged).toBeGreaterThanOrEqual(1);
    const attempts = await attemptsOf(caller.who.tenantId);
    expect(attempts.at(-1)).toMatchObject({ channel: 'sim-chat-a', ok: false });
  });

  it('aborts the upstream call at once when the caller disconnects', async () => {
    const caller = await tenant(100);
    expect((await sim.control('/__sim/config', { json: { channel: 'sim-chat-a', chunk_delay_ms: 200 } })).status).toBe(
      200,
    );
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const { out, sink } = recorder();
    const abort = new AbortController();
    const started = Date.now();
    const running = proxyChat(
      deps(),
      caller,
      ask('Tell me about the history of tea in detail.', { model: 'sim-chat-a', stream: true }),
      sink,
      abort.signal,
    );
    while (out.writes < 2) await new Promise((r) => setTimeout(r, 20));
    abort.abort();
    await running;
    expect(Date.now() - started).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 100));
    const log = (await (await sim.control('/__sim/requests?channel=sim-chat-a')).json()) as {
      aborted?: boolean;
      status: number | null;
    }[];
    expect(log.at(-1)?.aborted).toBe(true);
    const money = await balanceOf(caller);
    expect(money.balance).toBe(money.ledger);
  });

  it('refuses a request that no upstream can serve with a 400 naming the capability', async () => {
    const caller = await tenant(100);
    const body = {
      model: 'chatmodel-lite',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          ],
        },
      ],
    };
    const err = (await proxyChat(deps(), caller, body, recorder().sink, new AbortController().signal).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(400);
    expect(err.message).toContain('image input');
    expect((await balanceOf(caller)).charged).toBe(0);
  });
});

describe('chat charging', () => {
  it('is exact under 200 concurrent requests at a tenant with little credit: never negative, ledger = balance', async () => {
    const caller = await tenant(60);
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const { out, sink } = recorder();
        try {
          await proxyChat(
            deps(),
            caller,
            ask(`第 ${i} 个问题：今天天气怎么样？`, { model: undefined, max_tokens: 400 }),
            sink,
            new AbortController().signal,
          );
          return { ok: true, credits: (out.json as { credits: number }).credits };
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).status).toBe(402);
          return { ok: false, credits: 0 };
        }
      }),
    );
    const answered = results.filter((r) => r.ok);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(200);
    const money = await balanceOf(caller);
    expect(money.balance).toBeGreaterThanOrEqual(0);
    expect(money.balance).toBe(money.ledger);
    expect(money.charged).toBe(answered.reduce((s, r) => s + r.credits, 0));
    expect(60 - money.balance).toBe(money.charged);
    // Every answer was charged exactly once: one charge row per answered request, with its exact
    // amount, and none for a refused one.
    const rows = await t.db
      .select({ ref: ledgerEntries.ref, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, caller.who.tenantId), eq(ledgerEntries.category, 'chat')));
    expect(rows).toHaveLength(answered.length);
    expect(new Set(rows.map((r) => r.ref)).size).toBe(answered.length);
    expect(rows.every((r) => r.kind === 'charge' && r.amount < 0)).toBe(true);
    // What the process still holds goes back to the wallet when it stops: nothing held, no hold row left.
    const [held] = await t.db.select({ held: tenants.held }).from(tenants).where(eq(tenants.id, caller.who.tenantId));
    expect(held?.held).toBeGreaterThanOrEqual(0);
    await closeCreditHolds();
    const [after] = await t.db
      .select({ credits: tenants.credits, held: tenants.held })
      .from(tenants)
      .where(eq(tenants.id, caller.who.tenantId));
    expect(after).toEqual({ credits: money.balance, held: 0 });
    expect(await t.db.select().from(creditHolds).where(eq(creditHolds.tenantId, caller.who.tenantId))).toEqual([]);
  });

  it('takes the per-key rate limit with the reservation: past it 429 with Retry-After, and nothing moves', async () => {
    const caller = await tenant(50);
    const limited = { ...deps(), config: { ...config, chat: { ...config.chat, ratePerMinute: 2 } } };
    for (let i = 0; i < 2; i++)
      await proxyChat(limited, caller, ask('你好'), recorder().sink, new AbortController().signal);
    const before = await balanceOf(caller);
    const err = (await proxyChat(limited, caller, ask('你好'), recorder().sink, new AbortController().signal).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(caller)).toEqual(before);
    expect(await attemptsOf(caller.who.tenantId)).toHaveLength(2);
  });

  it('calls no upstream when the reservation is refused, streamed or not, and records no attempt', async () => {
    const poor = await tenant(0);
    await sim.control('/__sim/requests', { method: 'DELETE' });
    for (const stream of [false, true]) {
      const { out, sink } = recorder();
      const err = (await proxyChat(
        deps(),
        poor,
        ask('你好', { model: 'sim-chat-a', stream }),
        sink,
        new AbortController().signal,
      ).catch((e: unknown) => e)) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.status).toBe(402);
      // Nothing was sent: the transport answers the 402 with a status, not as a stream event.
      expect(out.status).toBe(0);
    }
    const log = (await (await sim.control('/__sim/requests?channel=sim-chat-a')).json()) as unknown[];
    expect(log).toEqual([]);
    expect(await attemptsOf(poor.who.tenantId)).toEqual([]);
    expect(await balanceOf(poor)).toEqual({ balance: 0, ledger: 0, charged: 0 });
  });

  it('writes the charge after the answer, and a balance read through the API that follows waits for it', async () => {
    const caller = await tenant(100);
    // Charges wait a second to be written: the read comes well before that.
    const slow = { ...deps(), config: { ...config, chat: { ...config.chat, settleMs: 1_000 } } };
    await closeCreditHolds();
    const { out, sink } = recorder();
    await proxyChat(slow, caller, ask('你好'), sink, new AbortController().signal);
    const credits = (out.json as { credits: number }).credits;
    expect(credits).toBeGreaterThanOrEqual(1);
    const [raw] = await t.db
      .select({ credits: tenants.credits })
      .from(tenants)
      .where(eq(tenants.id, caller.who.tenantId));
    expect(raw?.credits).toBe(100);
    const api = createCaller({
      db: t.db,
      config: apiConfig,
      files,
      identity: caller.who,
      authFailure: null,
      headers: new Headers(),
    });
    const started = Date.now();
    expect(await api.balance.get({})).toMatchObject({ credits: 100 - credits });
    expect(Date.now() - started).toBeLessThan(900);
    await closeCreditHolds();
  });

  it('charges a dedicated member’s own credits and records the member as the actor', async () => {
    const caller = await tenant(100);
    const created = await createMember(
      { db: t.db, config: { secret: testSecret } },
      { kind: 'tenant', tenantId: caller.who.tenantId, via: 'key' },
      {
        email: `chat-${Date.now()}@example.cn`,
        nickname: '对话成员',
        credits: 20,
      },
    );
    const accountId = created.account.account_id;
    const who: ScopedIdentity = { kind: 'member', tenantId: caller.who.tenantId, accountId };
    const member: ChatCaller = {
      who,
      wallet: await walletOf(t.db, who),
      binding: null,
      rateKey: `member:${accountId}`,
    };
    const { out, sink } = recorder();
    await proxyChat(deps(), member, ask('你好'), sink, new AbortController().signal);
    const credits = (out.json as { credits: number }).credits;
    await chatChargesWritten();
    const rows = await t.db
      .select({ amount: ledgerEntries.amount, accountId: ledgerEntries.accountId, actor: ledgerEntries.actorAccountId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, caller.who.tenantId), eq(ledgerEntries.category, 'chat')));
    expect(rows.every((r) => r.accountId === accountId && r.actor === accountId)).toBe(true);
    expect(-rows.reduce((s, r) => s + r.amount, 0)).toBe(credits);
  });
});

/** o200k's count of a text, special-token text counted as text. */
const tokens = (text: string) => o200k(text, { disallowedSpecial: new Set() });

/** The chat charges of a tenant's ledger, with their notes. */
async function chatRows(tenantId: string) {
  await chatChargesWritten(tenantId);
  return t.db
    .select({ amount: ledgerEntries.amount, note: ledgerEntries.note })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.category, 'chat')));
}

describe('chat charged for every token', () => {
  const price = DEFAULT_CHAT_PRICES['chatmodel-1'] ?? { prompt_per_1k: 1, completion_per_1k: 2 };

  it('charges a stream that broke off at least the tokenizer’s count of every billed part of a long prompt', async () => {
    const caller = await tenant(500);
    await fault('sim-chat-a', 'stream_break');
    // Texts that take many tokens per byte: the old estimate (a third of the bytes) fell short of them.
    const digits = Array.from({ length: 8_000 }, (_, i) => i + 1).join(' ');
    const rare = Array.from({ length: 2_000 }, (_, i) => String.fromCodePoint(0x20000 + ((i * 7_919) % 40_000))).join(
      '',
    );
    const emoji = '👩‍👩‍👧‍👦🇨🇳👍🏽'.repeat(200);
    const schema = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 100 }, (_, i) => [
          `n${i}`,
          { type: 'integer', description: digits.slice(i * 60, i * 60 + 60) },
        ]),
      ),
    };
    const tools = [
      {
        type: 'function',
        function: { name: 'lookup', description: digits.slice(0, 4_000), parameters: schema },
      },
    ];
    const responseFormat = { type: 'json_schema', json_schema: { name: 'numbers', schema } };
    const body = {
      model: 'sim-chat-a',
      stream: true,
      messages: [
        { role: 'system', content: digits, name: 'numbers_1_to_8000' },
        { role: 'user', content: `${rare}${emoji} Answer in json.` },
      ],
      tools,
      tool_choice: 'none',
      response_format: responseFormat,
    };
    const { sink, events } = recorder();
    await proxyChat(deps(), caller, body, sink, new AbortController().signal);
    const last = JSON.parse(events().at(-1) ?? '{}') as { error?: { code: string } };
    expect(last.error?.code).toBe('upstream_stream_broken');

    // What a provider bills of this prompt, counted with the tokenizer on its own.
    const promptTokens =
      tokens(digits) +
      tokens('numbers_1_to_8000') +
      tokens(`${rare}${emoji} Answer in json.`) +
      tokens(JSON.stringify(tools)) +
      tokens(JSON.stringify(responseFormat));
    expect(promptTokens).toBeGreaterThan(25_000);
    const due = Math.ceil((promptTokens * price.prompt_per_1k) / 1000);
    const rows = await chatRows(caller.who.tenantId);
    expect(rows).toHaveLength(1);
    const charged = -(rows[0]?.amount ?? 0);
    expect(charged).toBeGreaterThanOrEqual(due);
    const [, noted] = /: (\d+) prompt \+ (\d+) completion tokens$/.exec(rows[0]?.note ?? '') ?? [];
    expect(Number(noted)).toBeGreaterThanOrEqual(promptTokens);
    expect(rows[0]?.note).toMatch(/^chat \(the stream broke off\)/);
    const money = await balanceOf(caller);
    expect(money.balance).toBe(500 - charged);
    expect(money.balance).toBe(money.ledger);
  });

  it.each([false, true])('charges a completion the usage its upstream reported (stream: %s)', async (stream) => {
    const caller = await tenant(500);
    const { out, sink, events } = recorder();
    const prompt = Array.from({ length: 3_000 }, (_, i) => i + 1).join(' ');
    await proxyChat(
      deps(),
      caller,
      ask(prompt, { model: 'sim-chat-a', stream, ...(stream ? { stream_options: { include_usage: true } } : {}) }),
      sink,
      new AbortController().signal,
    );
    const answer = (stream ? JSON.parse(events().at(-2) ?? '{}') : out.json) as {
      usage: { prompt_tokens: number; completion_tokens: number };
      credits: number;
    };
    // The simulator's usage is its own count (about four characters a token), not o200k's.
    expect(answer.usage.prompt_tokens).not.toBe(tokens(prompt) + 7);
    const reported = answer.usage;
    const due = Math.max(
      1,
      Math.ceil(
        (reported.prompt_tokens * price.prompt_per_1k + reported.completion_tokens * price.completion_per_1k) / 1000,
      ),
    );
    expect(answer.credits).toBe(due);
    const rows = await chatRows(caller.who.tenantId);
    expect(rows).toEqual([
      {
        amount: -due,
        note: `chat: ${reported.prompt_tokens} prompt + ${reported.completion_tokens} completion tokens`,
      },
    ]);
    expect((await balanceOf(caller)).balance).toBe(500 - due);
  });

  describe('an upstream that reports more than the bound', () => {
    let stub: Server;
    const REPORTED = { prompt_tokens: 150_000, completion_tokens: 20 };

    beforeAll(async () => {
      // An OpenAI-compatible upstream whose usage is far above what the request's bound allows.
      stub = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-stub',
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model: 'stub-model',
              choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
              usage: { ...REPORTED, total_tokens: REPORTED.prompt_tokens + REPORTED.completion_tokens },
            }),
          );
        });
      });
      await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
      const port = (stub.address() as AddressInfo).port;
      await syncUpstreams(
        t.db,
        testSecret,
        [
          ...simulatorUpstreams(sim.url),
          {
            name: 'stub-chat',
            provider: 'stub',
            adapter: 'openai-chat',
            base_url: `http://127.0.0.1:${port}`,
            api_key: 'stub-key',
            soft_timeout_ms: 60_000,
            rating: 3,
            enabled: true,
            models: [
              {
                family: 'chatmodel-stub',
                model: 'stub-model',
                media: ['chat'],
                cost_usd: 0.001,
                capabilities: { vision: false, streaming: true, json_mode: true, tools: false, reasoning: false },
              },
            ],
          },
        ],
        'simulator',
      );
    });
    afterAll(async () => {
      await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
      await new Promise((r) => stub.close(r));
    });

    it('charges the reported usage in full when the wallet covers it', async () => {
      const caller = await tenant(1_000);
      const { out, sink } = recorder();
      await proxyChat(deps(), caller, ask('hi', { model: 'stub-chat' }), sink, new AbortController().signal);
      // The bound was a few credits (a two-byte prompt, 4,096 completion tokens); the upstream billed 150,000 tokens.
      const due = Math.ceil((REPORTED.prompt_tokens * 1 + REPORTED.completion_tokens * 2) / 1000);
      expect((out.json as { credits: number }).credits).toBe(due);
      expect(await chatRows(caller.who.tenantId)).toEqual([
        { amount: -due, note: 'chat: 150000 prompt + 20 completion tokens' },
      ]);
      const money = await balanceOf(caller);
      expect(money).toEqual({ balance: 1_000 - due, ledger: 1_000 - due, charged: due });
    });

    it('takes what the wallet has when it cannot cover the reported usage, never going below zero', async () => {
      const caller = await tenant(40);
      await proxyChat(deps(), caller, ask('hi', { model: 'stub-chat' }), recorder().sink, new AbortController().signal);
      const money = await balanceOf(caller);
      expect(money).toEqual({ balance: 0, ledger: 0, charged: 40 });
      await closeCreditHolds();
      const [after] = await t.db
        .select({ credits: tenants.credits, held: tenants.held })
        .from(tenants)
        .where(eq(tenants.id, caller.who.tenantId));
      expect(after).toEqual({ credits: 0, held: 0 });
    });
  });
});
