import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '@/sim/testing';
import { chatSuite } from '../helpers/chat-suite';
import { testSecret, type TestDatabase } from '../helpers/test-db';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { countTokens as o200k } from 'gpt-tokenizer';
import { DEFAULT_CHAT_PRICES } from '@/server/config';
import { ledgerEntries, tenants } from '@/server/db/schema';
import { proxyChat } from '@/server/domain/chat/proxy';
import { chatChargesWritten, closeCreditHolds } from '@/server/domain/credits/hold-registry';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';

const suite = chatSuite();
let t: TestDatabase;
let sim: RunningSim;
beforeAll(() => {
  ({ t, sim } = suite);
});
const { deps, tenant, recorder, balanceOf, fault, ask } = suite;

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
