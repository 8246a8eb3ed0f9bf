import { createOpenAI } from '@ai-sdk/openai';
import { ChatOpenAI } from '@langchain/openai';
import { generateObject, generateText, stepCountIs, streamText, tool } from 'ai';
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { z } from 'zod';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';
import { signIn, tenantWithLogin } from '../helpers/console-session';

/**
 * OpenAI's Responses API on Studio (`POST /api/responses`, `GET /api/responses/{id}`) with the real
 * clients, unchanged, against the running server. Checked with `openai` 6.49.0, `ai` 6.0.325 with
 * `@ai-sdk/openai` 3.0.141 (whose default model speaks the Responses API and checks every event's
 * shape), and `@langchain/openai` 1.5.8 with `useResponsesApi: true`.
 */

interface LedgerPage {
  entries: { kind: string; category: string; amount: number; ref: string | null }[];
}

const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
const ledger = async (tenantId: string) =>
  (
    await api<LedgerPage>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-ledger', tenant_id: tenantId, limit: 200 },
    })
  ).body.entries;
const chatCharges = async (tenantId: string) =>
  (await ledger(tenantId)).filter((e) => e.kind === 'charge' && e.category === 'chat');

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'weather for a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', description: 'The city' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
};

describe('Responses API with the openai SDK', () => {
  let key: string;
  let tenantId: string;
  let client: OpenAI;
  let start: number;

  beforeAll(async () => {
    const tenant = await newTenant({ credits: 10_000 });
    key = tenant.key;
    tenantId = tenant.id;
    start = await balance(key);
    client = new OpenAI({ apiKey: key, baseURL: `${inject('apiBase')}/api`, maxRetries: 0 });
  });

  it('creates a response, reads it back, and charges one chat row for it', async () => {
    const before = await balance(key);
    const response = await client.responses.create({ model: 'studio-auto', input: 'Say hello to Hangzhou' });
    expect(response.object).toBe('response');
    expect(response.id).toMatch(/^resp_/);
    expect(response.status).toBe('completed');
    expect(response.output_text.length).toBeGreaterThan(0);
    expect(response.usage?.total_tokens).toBeGreaterThan(0);
    const again = await client.responses.retrieve(response.id);
    expect(again.output_text).toBe(response.output_text);
    const charges = await chatCharges(tenantId);
    expect(charges).toHaveLength(1);
    expect(await balance(key)).toBe(before + (charges[0]?.amount ?? 0));
  });

  it('streams with stream: true and with responses.stream()', async () => {
    const stream = await client.responses.create({ model: 'studio-auto', input: 'Tell me about rivers', stream: true });
    const types: string[] = [];
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    expect(types.at(-1)).toBe('response.completed');
    expect(text.length).toBeGreaterThan(0);
    expect(completed?.usage?.output_tokens).toBeGreaterThan(0);
    expect(completed?.output[0]).toMatchObject({ type: 'message', content: [{ type: 'output_text', text }] });

    const runner = client.responses.stream({ model: 'studio-auto', input: 'Tell me about mountains' });
    let deltas = '';
    runner.on('response.output_text.delta', (e) => (deltas += e.delta));
    const final = await runner.finalResponse();
    expect(final.output_text).toBe(deltas);
    expect((await client.responses.retrieve(final.id)).status).toBe('completed');
  });

  it('round-trips a function tool with the whole history, and with previous_response_id', async () => {
    const input: ResponseInputItem[] = [{ role: 'user', content: 'What is the weather in Hangzhou?' }];
    const first = await client.responses.create({ model: 'studio-auto', input, tools: [weatherTool] });
    const call = first.output.find((o) => o.type === 'function_call');
    if (call?.type !== 'function_call') throw new Error('no function call');
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.arguments)).toMatchObject({ city: expect.any(String) });
    const result: ResponseInputItem = { type: 'function_call_output', call_id: call.call_id, output: '{"temp_c":21}' };

    // Everything Studio answered goes back unchanged, with the tool's result.
    const whole = await client.responses.create({
      model: 'studio-auto',
      input: [...input, ...(first.output as ResponseInputItem[]), result],
      tools: [weatherTool],
    });
    expect(whole.output_text).toMatch(/21/);

    const chained = await client.responses.create({
      model: 'studio-auto',
      previous_response_id: first.id,
      input: [result],
      tools: [weatherTool],
    });
    expect(chained.previous_response_id).toBe(first.id);
    expect(chained.output_text).toMatch(/21/);
  });

  it('answers structured output with text.format json_schema', async () => {
    const response = await client.responses.create({
      model: 'studio-auto',
      input: 'Name a city and its population',
      text: {
        format: {
          type: 'json_schema',
          name: 'city',
          strict: true,
          schema: {
            type: 'object',
            properties: { name: { type: 'string' }, population: { type: 'integer' } },
            required: ['name', 'population'],
            additionalProperties: false,
          },
        },
      },
    });
    expect(JSON.parse(response.output_text)).toMatchObject({
      name: expect.any(String),
      population: expect.any(Number),
    });
  });

  it('refuses what Studio does not serve with OpenAI’s typed errors, charging nothing', async () => {
    const before = await balance(key);
    const refused = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (err) {
        return err as InstanceType<typeof OpenAI.APIError>;
      }
      throw new Error('not refused');
    };
    const builtIn = await refused(
      client.responses.create({ model: 'studio-auto', input: 'search', tools: [{ type: 'web_search' }] }),
    );
    expect(builtIn).toBeInstanceOf(OpenAI.BadRequestError);
    expect(builtIn.message).toMatch(/built-in tool 'web_search'/);
    const unknownField = await refused(
      client.responses.create({ model: 'studio-auto', input: 'x', foo: 1 } as unknown as {
        model: string;
        input: string;
      }),
    );
    expect(unknownField).toBeInstanceOf(OpenAI.BadRequestError);
    expect(unknownField.message).toMatch(/Unrecognized request argument supplied: foo/);
    const unstored = await client.responses.create({ model: 'studio-auto', input: 'hi', store: false });
    const previous = await refused(
      client.responses.create({ model: 'studio-auto', input: 'more', previous_response_id: unstored.id }),
    );
    expect(previous).toBeInstanceOf(OpenAI.BadRequestError);
    expect(previous.message).toContain(`Previous response with id '${unstored.id}' not found.`);
    expect(await refused(client.responses.retrieve(unstored.id))).toBeInstanceOf(OpenAI.NotFoundError);
    // Only the one answered request was charged.
    const spent = before - (await balance(key));
    const charges = await chatCharges(tenantId);
    expect(spent).toBe(-(charges.at(0)?.amount ?? 0));
  });

  it('keeps responses per tenant: another tenant reads 404 and cannot continue them', async () => {
    const mine = await client.responses.create({ model: 'studio-auto', input: 'hello' });
    const other = await newTenant({ credits: 100 });
    const theirs = new OpenAI({ apiKey: other.key, baseURL: `${inject('apiBase')}/api`, maxRetries: 0 });
    await expect(theirs.responses.retrieve(mine.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    await expect(
      theirs.responses.create({ model: 'studio-auto', input: 'x', previous_response_id: mine.id }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    const res = await api<{ error: { code: string } }>('/responses/resp_x/input_items/more', { key });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('keeps the ledger exact: the balance is the start less every chat charge', async () => {
    const charges = await chatCharges(tenantId);
    expect(charges.length).toBeGreaterThanOrEqual(9);
    expect(await balance(key)).toBe(start + charges.reduce((s, e) => s + e.amount, 0));
  });
});

describe('Responses API with the Vercel AI SDK default provider', () => {
  let key: string;
  let tenantId: string;
  let openai: ReturnType<typeof createOpenAI>;

  beforeAll(async () => {
    const tenant = await newTenant({ credits: 10_000 });
    key = tenant.key;
    tenantId = tenant.id;
    openai = createOpenAI({ baseURL: `${inject('apiBase')}/api`, apiKey: key });
  });

  it('generates and streams text', async () => {
    const before = await balance(key);
    const { text, usage, response } = await generateText({ model: openai('studio-auto'), prompt: 'Say hello' });
    expect(text.length).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect(response.id).toMatch(/^resp_/);
    const streamed = streamText({ model: openai('studio-auto'), prompt: 'Tell me about the sea' });
    let deltas = '';
    for await (const part of streamed.textStream) deltas += part;
    expect(deltas.length).toBeGreaterThan(0);
    expect(await streamed.text).toBe(deltas);
    expect((await streamed.finishReason) as string).toBe('stop');
    expect((await streamed.usage).outputTokens).toBeGreaterThan(0);
    const charges = await chatCharges(tenantId);
    expect(charges).toHaveLength(2);
    expect(await balance(key)).toBe(before + charges.reduce((s, e) => s + e.amount, 0));
  });

  it('runs a tool loop that calls the tool and finishes with text', async () => {
    const calls: string[] = [];
    const result = await generateText({
      model: openai('studio-auto'),
      prompt: 'What is the weather in Hangzhou?',
      tools: {
        get_weather: tool({
          description: 'weather for a city',
          inputSchema: z.object({ city: z.string().describe('The city') }),
          execute: ({ city }) => {
            calls.push(city);
            return Promise.resolve({ city, temp_c: 21 });
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    expect(calls).toHaveLength(1);
    expect(result.steps.length).toBe(2);
    expect(result.text).toMatch(/21/);
    expect(result.finishReason).toBe('stop');
  });

  it('generates an object following a zod schema', async () => {
    const { object } = await generateObject({
      model: openai('studio-auto'),
      schema: z.object({ city: z.string(), population: z.number() }),
      prompt: 'A city and its population',
    });
    expect(object).toMatchObject({ city: expect.any(String), population: expect.any(Number) });
  });
});

describe('Responses API with LangChain and through the console door', () => {
  it('answers LangChain’s ChatOpenAI with useResponsesApi', async () => {
    const tenant = await newTenant({ credits: 1_000 });
    const llm = new ChatOpenAI({
      model: 'studio-auto',
      apiKey: tenant.key,
      configuration: { baseURL: `${inject('apiBase')}/api` },
      useResponsesApi: true,
      maxRetries: 0,
    });
    const answer = await llm.invoke('Say hello');
    expect(answer.text.length).toBeGreaterThan(0);
    expect(answer.usage_metadata?.output_tokens).toBeGreaterThan(0);
    expect(await chatCharges(tenant.id)).toHaveLength(1);
  });

  it('serves the console session as it serves a key', async () => {
    const base = inject('apiBase');
    const tenant = await tenantWithLogin(base);
    const session = await signIn(base, { email: tenant.email, password: 'correct horse battery' });
    const headers = { cookie: session.cookie, origin: base, 'sec-fetch-site': 'same-origin' };
    const made = await fetch(`${base}/api/responses`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'studio-auto', input: 'hello' }),
    });
    expect(made.status).toBe(200);
    const response = (await made.json()) as { id: string; object: string };
    expect(response.object).toBe('response');
    const read = await fetch(`${base}/api/responses/${response.id}`, { headers });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: string }).id).toBe(response.id);
    const byKey = await api<{ id: string }>(`/responses/${response.id}`, { key: tenant.key });
    expect(byKey.body.id).toBe(response.id);
  });
});
