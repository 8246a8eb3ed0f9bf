import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, storedResponses, tenants } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import type { ChatCaller, ChatOutput } from '@/server/domain/chat/proxy';
import { chatChargesWritten } from '@/server/domain/credits/hold-registry';
import { walletOf } from '@/server/domain/credits/ledger';
import { createMember } from '@/server/domain/members/members';
import type { ResponseObject } from '@/server/domain/responses/output';
import { createResponse } from '@/server/domain/responses/respond';
import { pruneStoredResponses, readResponse } from '@/server/domain/responses/store';
import { createTenant } from '@/server/domain/tenants/tenants';
import { AppError } from '@/server/errors';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { ledgerSum } from '../helpers/ledger-sums';
import { chatTestConfig } from '../helpers/chat-suite';
import { routingSuite } from '../helpers/routing-sim';
import { testSecret } from '../helpers/test-db';

/** The Responses API over the chat core and the simulator: translation, storage, isolation and charging. */

const config = chatTestConfig;

const suite = routingSuite();
let files: FileStore;
beforeAll(() => {
  files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-responses-')), 'http://files.test');
});
const deps = () => ({ db: suite.t.db, files, config, random: () => 0, retryDelayMs: () => 5 });

async function callerOf(who: ScopedIdentity): Promise<ChatCaller> {
  return { who, wallet: await walletOf(suite.t.db, who), binding: null, rateKey: `k:${JSON.stringify(who)}` };
}

async function tenant(credits = 1_000): Promise<ChatCaller> {
  const { tenant: row } = await createTenant({ db: suite.t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `回应租户 ${credits}`,
    credits,
    quota_monthly: 0,
  });
  return callerOf({ kind: 'tenant', tenantId: row.id, via: 'key' });
}

async function member(owner: ChatCaller): Promise<ChatCaller> {
  const ownerKey = { kind: 'tenant' as const, tenantId: owner.who.tenantId, via: 'key' as const };
  const created = await createMember({ db: suite.t.db, config: { secret: testSecret } }, ownerKey, {
    email: `resp-${Math.random().toString(36).slice(2)}@example.cn`,
    nickname: '成员',
  });
  return callerOf({ kind: 'member', tenantId: owner.who.tenantId, accountId: created.account.account_id });
}

/** Sends one request; the JSON answer, or the stream's events. */
async function send(caller: ChatCaller, body: Record<string, unknown>) {
  const got = { json: null as unknown, headers: {} as Record<string, string>, text: '' };
  const out: ChatOutput = {
    json: (_s, b, h) => void ((got.json = b), (got.headers = h)),
    open: () => undefined,
    write: (t) => void (got.text += t),
    end: () => undefined,
  };
  await createResponse(deps(), caller, body, out, new AbortController().signal);
  const events = got.text
    .split('\n\n')
    .filter((b) => b.startsWith('event: '))
    .map((b) => JSON.parse(b.split('\ndata: ')[1] ?? 'null') as { type: string; response?: ResponseObject });
  return { response: got.json as ResponseObject, headers: got.headers, events };
}

const refused = async (p: Promise<unknown>): Promise<AppError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('not refused');
};

/** Balance equals the ledger's sum once the chat charges are written; returns the credits charged to chat. */
async function exact(caller: ChatCaller): Promise<number> {
  await chatChargesWritten(caller.who.tenantId);
  const [row] = await suite.t.db
    .select({ credits: tenants.credits })
    .from(tenants)
    .where(eq(tenants.id, caller.who.tenantId));
  expect(row?.credits).toBe(await ledgerSum(suite.t.db, caller.who.tenantId, null));
  const rows = await suite.t.db
    .select({ amount: ledgerEntries.amount, category: ledgerEntries.category })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, caller.who.tenantId));
  return rows.filter((r) => r.category === 'chat').reduce((s, r) => s - r.amount, 0);
}

const weather = {
  type: 'function',
  name: 'get_weather',
  description: 'weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('POST /api/responses through the chat core', () => {
  it('answers text as a Response, charged exactly like chat, stored and readable by its tenant only', async () => {
    const caller = await tenant();
    const { response, headers } = await send(caller, {
      model: 'studio-auto',
      input: 'Say hello',
      instructions: 'Be kind.',
    });
    expect(response).toMatchObject({ object: 'response', status: 'completed', model: 'studio-auto', store: true });
    expect(response.id).toMatch(/^resp_[0-9a-f]{32}$/);
    const text = response.output[0];
    expect(text).toMatchObject({ type: 'message', role: 'assistant', status: 'completed' });
    expect(
      text?.type === 'message' && text.content[0]?.type === 'output_text' && text.content[0].text.length,
    ).toBeGreaterThan(0);
    expect(response.usage?.total_tokens).toBe(
      (response.usage?.input_tokens ?? 0) + (response.usage?.output_tokens ?? 0),
    );
    const charged = await exact(caller);
    expect(charged).toBe(response.credits);
    expect(headers['x-studio-credits']).toBe(String(response.credits));
    expect(await readResponse(suite.t.db, caller.who, response.id)).toEqual(response);

    const other = await tenant();
    expect((await refused(readResponse(suite.t.db, other.who, response.id))).code).toBe('NOT_FOUND');
    const e = await refused(send(other, { input: 'next', previous_response_id: response.id }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe(`Previous response with id '${response.id}' not found.`);
    expect(await exact(other)).toBe(0);
  });

  it('keeps a member’s responses from other members, and lets its tenant read them', async () => {
    const owner = await tenant();
    const a = await member(owner);
    const b = await member(owner);
    const { response } = await send(a, { input: 'hello' });
    expect((await readResponse(suite.t.db, a.who, response.id)).id).toBe(response.id);
    expect((await refused(readResponse(suite.t.db, b.who, response.id))).code).toBe('NOT_FOUND');
    expect((await readResponse(suite.t.db, owner.who, response.id)).id).toBe(response.id);
  });

  it('round-trips a function call by previous_response_id, by the whole history, and by item_reference', async () => {
    const caller = await tenant();
    const first = await send(caller, { input: 'What is the get_weather in Hangzhou?', tools: [weather] });
    const call = first.response.output.find((o) => o.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    if (call?.type !== 'function_call') throw new Error('no call');
    expect(JSON.parse(call.arguments)).toMatchObject({ city: expect.any(String) });
    const result = { type: 'function_call_output', call_id: call.call_id, output: '{"temp_c":21}' };

    const chained = await send(caller, { previous_response_id: first.response.id, input: [result], tools: [weather] });
    expect(chained.response.previous_response_id).toBe(first.response.id);
    const said = chained.response.output[0];
    expect(said?.type === 'message' && said.content[0]?.type === 'output_text' && said.content[0].text).toMatch(/21/);

    const whole = await send(caller, {
      input: [{ role: 'user', content: 'What is the get_weather in Hangzhou?' }, ...first.response.output, result],
      tools: [weather],
      store: false,
    });
    expect(whole.response.output[0]?.type).toBe('message');
    expect(whole.response.store).toBe(false);
    expect((await refused(readResponse(suite.t.db, caller.who, whole.response.id))).code).toBe('NOT_FOUND');
    const e = await refused(send(caller, { input: 'more', previous_response_id: whole.response.id }));
    expect(e.message).toMatch(/not found/);

    const referenced = await send(caller, {
      input: [
        { role: 'user', content: 'What is the get_weather in Hangzhou?' },
        { type: 'item_reference', id: call.id },
        result,
      ],
      tools: [weather],
    });
    expect(referenced.response.output[0]?.type).toBe('message');
    // Four answered turns, each one chat charge; the refused one none.
    await chatChargesWritten(caller.who.tenantId);
    const rows = await suite.t.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, caller.who.tenantId));
    expect(rows.filter((r) => r.category === 'chat')).toHaveLength(4);
    await exact(caller);
  });

  it('answers structured output with text.format json_schema', async () => {
    const caller = await tenant();
    const { response } = await send(caller, {
      input: 'Give me a city as json',
      text: {
        format: {
          type: 'json_schema',
          name: 'city',
          strict: true,
          schema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
    });
    const said = response.output[0];
    const text = said?.type === 'message' && said.content[0]?.type === 'output_text' ? said.content[0].text : '';
    expect(JSON.parse(text)).toMatchObject({ name: expect.any(String) });
    expect(response.text.format).toMatchObject({ type: 'json_schema', name: 'city' });
  });

  it('streams the Responses events, stores the streamed response and charges it exactly', async () => {
    const caller = await tenant();
    const { events } = await send(caller, { input: 'Tell me about Hangzhou', stream: true });
    const types = events.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
    ]);
    expect(types).toContain('response.output_text.delta');
    expect(types.slice(-4)).toEqual([
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const done = events.at(-1)?.response;
    expect(done?.usage?.output_tokens).toBeGreaterThan(0);
    expect(await exact(caller)).toBe(done?.credits);
    expect(await readResponse(suite.t.db, caller.who, done?.id ?? '')).toEqual(done);
  });

  it('ends a stream the upstream broke with response.failed, the hold settled to what was streamed', async () => {
    const caller = await tenant();
    await suite.fault('sim-chat-a', 'stream_break');
    const { events } = await send(caller, {
      model: 'sim-chat-a',
      input: 'Write a long paragraph about rivers and mountains and the sea.',
      stream: true,
    });
    expect(events.map((e) => e.type)).toContain('response.output_text.delta');
    const last = events.at(-1);
    expect(last?.type).toBe('response.failed');
    expect(last?.response?.error?.code).toBe('upstream_stream_broken');
    expect(last?.response?.output[0]).toMatchObject({ type: 'message', status: 'incomplete' });
    // What was streamed is charged, as chat charges it; the balance is the ledger's sum.
    expect(await exact(caller)).toBeGreaterThanOrEqual(1);
    const stored = await suite.t.db
      .select()
      .from(storedResponses)
      .where(eq(storedResponses.tenantId, caller.who.tenantId));
    expect(stored).toEqual([]);
  });

  it('prunes responses past the retention', async () => {
    const caller = await tenant();
    const { response } = await send(caller, { input: 'hello' });
    await pruneStoredResponses(suite.t.db, new Date(Date.now() + 31 * 24 * 3600_000));
    expect((await refused(readResponse(suite.t.db, caller.who, response.id))).code).toBe('NOT_FOUND');
  });
});
