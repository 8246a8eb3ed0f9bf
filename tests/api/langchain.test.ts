import { ChatOpenAI } from '@langchain/openai';
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';

/**
 * LangChain JS (`@langchain/openai` 1.5.8, `@langchain/core` 1.4.0) against Studio at its OpenAI base
 * URL: a `bindTools` tool loop sends the model's answer back with a `tool` message naming its
 * function, which Studio must take on the second turn, and charge each turn.
 */

interface LedgerPage {
  entries: { kind: string; category: string; amount: number; ref: string | null }[];
}

const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
const chatCharges = async (tenantId: string) =>
  (
    await api<LedgerPage>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-ledger', tenant_id: tenantId, limit: 200 },
    })
  ).body.entries.filter((e) => e.kind === 'charge' && e.category === 'chat');

const getWeather = tool(({ city }: { city: string }) => JSON.stringify({ city, temp_c: 21, sky: 'clear' }), {
  name: 'get_weather',
  description: 'weather for a city',
  schema: z.object({ city: z.string().describe('The city') }),
});

describe('LangChain JS tool agents', () => {
  let key: string;
  let tenantId: string;
  let llm: ChatOpenAI;

  beforeAll(async () => {
    const tenant = await newTenant({ credits: 10_000 });
    key = tenant.key;
    tenantId = tenant.id;
    llm = new ChatOpenAI({
      model: 'studio-auto',
      apiKey: key,
      configuration: { baseURL: `${inject('apiBase')}/api` },
      maxRetries: 0,
    });
  });

  it('runs a two-turn bindTools loop to a final answer, charging both turns', async () => {
    const before = await balance(key);
    const withTools = llm.bindTools([getWeather]);
    const messages: BaseMessage[] = [new HumanMessage('What is the weather in Hangzhou?')];
    const first = await withTools.invoke(messages);
    expect(first.tool_calls?.[0]).toMatchObject({ name: 'get_weather', args: { city: expect.any(String) } });
    messages.push(first);
    for (const call of first.tool_calls ?? []) {
      const result: unknown = await getWeather.invoke(call);
      expect(result).toBeInstanceOf(ToolMessage);
      // The tool message LangChain builds names its function, which it sends on.
      expect((result as ToolMessage).name).toBe('get_weather');
      messages.push(result as ToolMessage);
    }
    const final = await withTools.invoke(messages);
    expect(final.tool_calls ?? []).toEqual([]);
    expect(final.text).toMatch(/21/);
    const charges = await chatCharges(tenantId);
    expect(charges.length).toBe(2);
    const spent = charges.reduce((sum, e) => sum - e.amount, 0);
    expect(spent).toBeGreaterThan(0);
    expect(await balance(key)).toBe(before - spent);
  });

  it('takes a LangGraph-style ToolMessage with a name, and the AIMessage it answers', async () => {
    const before = await balance(key);
    const answer = await llm.invoke([
      new HumanMessage('What is the weather in Paris?'),
      new AIMessage({
        content: '',
        tool_calls: [{ id: 'call_graph_1', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' }],
      }),
      new ToolMessage({ content: '{"temp_c":17}', tool_call_id: 'call_graph_1', name: 'get_weather' }),
    ]);
    expect(answer.text).toMatch(/17/);
    expect(await balance(key)).toBeLessThan(before);
  });

  it('streams a tool loop’s final answer with usage, charged', async () => {
    const before = await balance(key);
    const withTools = llm.bindTools([getWeather]);
    const ask = new HumanMessage('What is the weather in Shanghai?');
    let called: AIMessageChunk | undefined;
    for await (const chunk of await withTools.stream([ask])) called = called ? called.concat(chunk) : chunk;
    expect(called?.tool_calls?.[0]?.name).toBe('get_weather');
    const call = called?.tool_calls?.[0];
    if (!call) throw new Error('no tool call');
    const result = await getWeather.invoke(call);
    let final: AIMessageChunk | undefined;
    for await (const chunk of await withTools.stream([ask, called as AIMessageChunk, result]))
      final = final ? final.concat(chunk) : chunk;
    expect(final?.text).toMatch(/21/);
    expect(final?.usage_metadata?.output_tokens).toBeGreaterThan(0);
    const spent = before - (await balance(key));
    expect(spent).toBeGreaterThan(0);
    expect((await chatCharges(tenantId)).length).toBe(5);
  });
});
