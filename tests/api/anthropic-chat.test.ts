import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import OpenAI, { APIError, BadRequestError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIM_ANTHROPIC_CHANNEL } from '@/sim/channels';
import { SIM_ANTHROPIC_REPLY } from '@/sim/protocols/anthropic';
import { startSim, type RunningSim } from '@/sim/testing';
import { messagesRequest } from '@/server/upstreams/providers/anthropic/anthropic-request';
import { simulatorUpstreams } from '@/server/upstreams/registry';
import { ADMIN_KEY, startStudio, type StudioServer } from '../helpers/api-server';
import { api } from '../helpers/api';

/**
 * The official `openai` client (6.49.0) at Studio's `/api`, asking a family that only an Anthropic
 * Messages channel serves (the simulated `sim-claude`). The shared API server's simulator has no such
 * channel, so this file starts its own simulator with it and a Studio server whose upstreams file lists
 * only that channel (STUDIO_UPSTREAMS_FILE), priced by the family's token prices (STUDIO_PRICES).
 */

const FAMILY = SIM_ANTHROPIC_CHANNEL.family;
/** Claude Sonnet 4.5's published prices, USD per million tokens (platform.claude.com/docs/en/about-claude/pricing). */
const USD_PER_MTOK = { input: 3, output: 15 };
const CREDIT_USD = 0.01;
/** The same prices in Studio's unit, credits per 1,000 tokens: USD per MTok / 1000 / USD per credit. */
const PRICE = {
  prompt_per_1k: USD_PER_MTOK.input / 1000 / CREDIT_USD,
  completion_per_1k: USD_PER_MTOK.output / 1000 / CREDIT_USD,
};
/** docs/api.md → Chat → Charging: whole credits, rounded up, at least the minimum (1). */
const creditsFor = (prompt: number, completion: number) =>
  Math.max(1, Math.ceil((prompt * PRICE.prompt_per_1k + completion * PRICE.completion_per_1k) / 1000 - 1e-9));
/** The simulator's token counts (src/sim/protocols/anthropic.ts): a quarter of the bytes, rounded up. */
const simTokens = (json: unknown) => Math.max(1, Math.ceil(JSON.stringify(json).length / 4));
/** A prompt long enough that its tokens, not the minimum, decide the charge. */
const LONG = `Tell me about tea. ${'Green tea and black tea come from the same plant. '.repeat(600)}`;
// The family's own name is the operator's choice; the channel, the provider and its ids are not shown.
const NAMES = /sim-|anthropic|msg_|toolu_/i;

let sim: RunningSim;
let studio: StudioServer;
let dir: string;
let key: string;
let tenantId: string;
let openai: OpenAI;

interface LedgerEntry {
  kind: string;
  category: string;
  amount: number;
  note: string | null;
}
const admin = <T>(body: Record<string, unknown>) => api<T>('/admin', { base: studio.base, key: ADMIN_KEY, body });
const balance = async () => (await api<{ credits: number }>('/balance', { base: studio.base, key })).body.credits;
const lastCharge = async () =>
  (await admin<{ entries: LedgerEntry[] }>({ action: 'tenant-ledger', tenant_id: tenantId, limit: 1 })).body.entries[0];
const fault = async (kind: string) =>
  expect(
    (await sim.control('/__sim/faults', { json: { channel: SIM_ANTHROPIC_CHANNEL.name, fault: kind, times: 1 } }))
      .status,
  ).toBe(200);
/** The reply's text without the simulated model's own words, which may name it. */
const withoutReply = (text: string) => text.split(SIM_ANTHROPIC_REPLY).join('');

beforeAll(async () => {
  sim = await startSim({ channels: [SIM_ANTHROPIC_CHANNEL] });
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-claude-'));
  const file = path.join(dir, 'upstreams.json');
  writeFileSync(file, JSON.stringify({ upstreams: simulatorUpstreams(sim.url, [SIM_ANTHROPIC_CHANNEL]) }));
  studio = await startStudio({
    STUDIO_UPSTREAMS_FILE: file,
    STUDIO_PRICES: JSON.stringify({ chat: { [FAMILY]: PRICE } }),
    STUDIO_CREDIT_USD: String(CREDIT_USD),
  });
  const created = await admin<{ tenant: { id: string }; api_key: string }>({
    action: 'tenant-create',
    name: '克劳德租户',
    credits: 10_000,
    quota_monthly: 5_000,
  });
  expect(created.status).toBe(200);
  key = created.body.api_key;
  tenantId = created.body.tenant.id;
  openai = new OpenAI({ apiKey: key, baseURL: `${studio.base}/api`, maxRetries: 0 });
});
afterAll(async () => {
  await studio?.stop();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await sim.control('/__sim/faults', { method: 'DELETE' });
});

const weather: OpenAI.Chat.Completions.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'weather for a city',
    parameters: { type: 'object', properties: { query: { type: 'string' } } },
  },
};

describe('the openai client on a family served only over Anthropic Messages', () => {
  it('runs a streamed two-turn tool loop: arguments in pieces, then the final text, each turn charged', async () => {
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'What is the weather in Hangzhou?' },
    ];
    const before = await balance();
    const first = await openai.chat.completions.create({
      model: FAMILY,
      messages,
      tools: [weather],
      stream: true,
      stream_options: { include_usage: true },
    });
    let id = '';
    let name = '';
    let args = '';
    let pieces = 0;
    let finish: string | null = null;
    let credits = 0;
    for await (const chunk of first) {
      expect(chunk.model).toBe(FAMILY);
      expect(JSON.stringify(chunk)).not.toMatch(NAMES);
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) {
        id ||= call.id ?? '';
        name += call.function?.name ?? '';
        if (call.function?.arguments) {
          args += call.function.arguments;
          pieces += 1;
        }
      }
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) credits += (chunk as unknown as { credits: number }).credits;
    }
    expect(finish).toBe('tool_calls');
    expect(name).toBe('get_weather');
    expect(pieces).toBeGreaterThan(1);
    expect(JSON.parse(args)).toEqual({ query: 'simulated' });
    messages.push(
      { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: args } }] },
      { role: 'tool', tool_call_id: id, content: JSON.stringify({ temp_c: 21, sky: 'clear' }) },
    );
    const second = await openai.chat.completions.create({
      model: FAMILY,
      messages,
      tools: [weather],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of second) {
      expect(withoutReply(JSON.stringify(chunk))).not.toMatch(NAMES);
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) {
        usage = chunk.usage;
        credits += (chunk as unknown as { credits: number }).credits;
      }
    }
    expect(text).toBe(SIM_ANTHROPIC_REPLY);
    // The tokens Anthropic reported for the final turn, charged at the family's token prices.
    expect(usage?.completion_tokens).toBe(simTokens([{ type: 'text', text: SIM_ANTHROPIC_REPLY }]));
    expect(await balance()).toBe(before - credits);
    expect(await lastCharge()).toMatchObject({
      kind: 'charge',
      category: 'chat',
      amount: -creditsFor(usage?.prompt_tokens ?? NaN, usage?.completion_tokens ?? NaN),
    });
  });

  it('answers a non-streamed call, charged the tokens Anthropic reported at the family’s token prices', async () => {
    const body = { messages: [{ role: 'user' as const, content: LONG }], max_tokens: 200 };
    const before = await balance();
    const { data, response } = await openai.chat.completions.create({ model: FAMILY, ...body }).withResponse();
    expect(data.model).toBe(FAMILY);
    expect(data.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: SIM_ANTHROPIC_REPLY } });
    expect(withoutReply(JSON.stringify(data))).not.toMatch(NAMES);
    // What the simulator reported as usage.input_tokens / output_tokens for the Messages body Studio sent.
    const prompt = simTokens(messagesRequest(FAMILY, body, false));
    const completion = simTokens([{ type: 'text', text: SIM_ANTHROPIC_REPLY }]);
    expect(data.usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion });
    const credits = creditsFor(prompt, completion);
    expect(credits).toBeGreaterThan(1);
    expect(Number(response.headers.get('x-studio-credits'))).toBe(credits);
    expect(await balance()).toBe(before - credits);
    expect(await lastCharge()).toMatchObject({
      kind: 'charge',
      category: 'chat',
      amount: -credits,
      note: `chat: ${prompt} prompt + ${completion} completion tokens`,
    });
  });

  it('ends a stream that breaks mid-way with an error the client raises, charging the counted prompt and what was delivered', async () => {
    await fault('stream_break');
    const before = await balance();
    const stream = await openai.chat.completions.create({
      model: FAMILY,
      messages: [{ role: 'user', content: LONG }],
      stream: true,
    });
    let delivered = '';
    const err = await (async () => {
      for await (const chunk of stream) delivered += chunk.choices[0]?.delta.content ?? '';
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIError);
    expect(JSON.stringify((err as APIError).error)).not.toMatch(NAMES);
    expect(delivered.length).toBeGreaterThan(0);
    expect(SIM_ANTHROPIC_REPLY.startsWith(delivered) && delivered !== SIM_ANTHROPIC_REPLY).toBe(true);
    // docs/api.md → Charging: no usage came, so the prompt as o200k counts it (4 a message, 3 to prime the
    // answer) and the completion delivered.
    const prompt = countTokens(LONG) + 4 + 3;
    const completion = countTokens(delivered);
    const credits = creditsFor(prompt, completion);
    expect(await lastCharge()).toMatchObject({
      kind: 'charge',
      category: 'chat',
      amount: -credits,
      note: `chat (the stream broke off): ${prompt} prompt + ${completion} completion tokens`,
    });
    expect(await balance()).toBe(before - credits);
  });

  it.each([false, true])(
    'tells a refusal as OpenAI’s content-filter 400, not a 5xx, and charges nothing (stream: %s)',
    async (stream) => {
      await fault('content_refused');
      const before = await balance();
      const err = await openai.chat.completions
        .create({ model: FAMILY, messages: [{ role: 'user', content: 'something refused' }], stream })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadRequestError);
      expect((err as BadRequestError).error).toMatchObject({ type: 'invalid_request_error', code: 'content_filter' });
      expect(JSON.stringify((err as BadRequestError).error)).not.toMatch(NAMES);
      expect(await balance()).toBe(before);
    },
  );
});
