import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '@/sim/testing';
import { chatSuite } from '../helpers/chat-suite';
import { proxyChat } from '@/server/domain/chat/proxy';
import { AppError } from '@/server/errors';

const suite = chatSuite();
let sim: RunningSim;
beforeAll(() => {
  ({ sim } = suite);
});
const { deps, tenant, recorder, balanceOf, attemptsOf, fault, ask } = suite;

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
