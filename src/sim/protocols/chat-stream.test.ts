import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSse, startSim, type RunningSim } from '@/sim/testing';
import type { SimRequestRecord } from '@/sim/server';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});
beforeEach(async () => {
  await s.control('/__sim/reset', { method: 'POST' });
});

const MESSAGES = [{ role: 'user', content: 'Explain HTTP caching in a few sentences, please.' }];
const chat = (body: Record<string, unknown> = {}, init: RequestInit = {}): Promise<Response> =>
  s.call('sim-chat-a', '/v1/chat/completions', {
    ...init,
    json: { model: 'chatmodel-1', messages: MESSAGES, ...body },
  });

/** Reads SSE `data:` payloads until the body ends or fails; `failed` tells which. */
async function readUntilEnd(res: Response): Promise<{ events: string[]; failed: boolean }> {
  const reader = res.body?.getReader();
  if (!reader) return { events: [], failed: false };
  const decoder = new TextDecoder();
  let text = '';
  let failed = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    failed = true;
  }
  const events = text
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => b.slice(6));
  return { events, failed };
}

async function logEntry(channel = 'sim-chat-a'): Promise<SimRequestRecord | undefined> {
  const entries = (await (await s.control(`/__sim/requests?channel=${channel}`)).json()) as SimRequestRecord[];
  return entries.at(-1);
}

async function settled(channel = 'sim-chat-a'): Promise<SimRequestRecord | undefined> {
  for (let i = 0; i < 100; i += 1) {
    const entry = await logEntry(channel);
    if (entry?.duration_ms !== null && entry?.duration_ms !== undefined) return entry;
    await new Promise((r) => setTimeout(r, 10));
  }
  return logEntry(channel);
}

describe('stream_break fault', () => {
  it('cuts a stream after the role chunk and about half of the content, without [DONE]', async () => {
    const full = (await readSse(await chat({ stream: true }))).slice(0, -1);
    const contentChunks = full.length - 2; // role chunk and finish chunk
    await s.control('/__sim/faults', { json: { channel: 'sim-chat-a', fault: 'stream_break', times: 1 } });
    const res = await chat({ stream: true });
    expect(res.status).toBe(200);
    const { events, failed } = await readUntilEnd(res);
    expect(failed).toBe(true);
    expect(events).not.toContain('[DONE]');
    const first = JSON.parse(events[0] ?? '{}') as { choices: { delta: { role?: string } }[] };
    expect(first.choices[0]?.delta.role).toBe('assistant');
    expect(events.length - 1).toBe(Math.ceil(contentChunks / 2));
    const entry = await settled();
    expect(entry).toMatchObject({ fault: 'stream_break', status: 200, aborted: false });
    // times: 1 is used up: the next stream is whole.
    expect((await readSse(await chat({ stream: true }))).at(-1)).toBe('[DONE]');
  });

  it('cuts a JSON answer after the headers and part of the body', async () => {
    await s.control('/__sim/faults', { json: { channel: 'sim-chat-a', fault: 'stream_break' } });
    const res = await chat();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    await expect(res.text()).rejects.toThrow();
    await s.control('/__sim/faults', { method: 'DELETE' });
    expect((await chat()).status).toBe(200);
  });

  it('is accepted on chat channels only', async () => {
    const arm = (channel: string): Promise<Response> =>
      s.control('/__sim/faults', { json: { channel, fault: 'stream_break' } });
    expect((await arm('sim-image-a')).status).toBe(400);
    expect((await arm('sim-video-a')).status).toBe(400);
    expect((await arm('sim-chat-lite')).status).toBe(200);
    expect(
      (await s.control('/__sim/faults', { json: { channel: 'sim-chat-a', fault: 'stream_break', on: 'all' } })).status,
    ).toBe(400);
    const all = (await (await arm('*')).json()) as { faults: { channel: string }[] };
    expect(all.faults.map((f) => f.channel)).toEqual(['sim-chat-a', 'sim-chat-b', 'sim-chat-lite', 'sim-chat-reason']);
  });
});

describe('chunk_delay_ms', () => {
  it('is set through POST /__sim/config on chat channels and validated', async () => {
    const set = await s.control('/__sim/config', { json: { channel: 'sim-chat-b', chunk_delay_ms: 25 } });
    expect(await set.json()).toEqual({ ok: true, channels: { 'sim-chat-b': { latency_ms: 0, chunk_delay_ms: 25 } } });
    expect((await s.control('/__sim/config', { json: { channel: 'sim-image-a', chunk_delay_ms: 5 } })).status).toBe(
      400,
    );
    expect((await s.control('/__sim/config', { json: { channel: 'sim-chat-a', chunk_delay_ms: 60_001 } })).status).toBe(
      400,
    );
    expect((await s.control('/__sim/config', { json: { channel: 'sim-chat-a', chunk_delay_ms: -1 } })).status).toBe(
      400,
    );
    expect((await s.control('/__sim/config', { json: { channel: '*', chunk_delay_ms: 7 } })).status).toBe(200);
    const cfg = (await (await s.control('/__sim/config')).json()) as {
      channels: Record<string, Record<string, unknown>>;
    };
    expect(cfg.channels['sim-chat-lite']).toEqual({ latency_ms: 0, chunk_delay_ms: 7 });
    expect(cfg.channels['sim-image-a']).toEqual({ latency_ms: 0 });
    s.sim.setChatSettings('sim-chat-a', { chunkDelayMs: 3 });
    const after = (await (await s.control('/__sim/config')).json()) as {
      channels: Record<string, Record<string, unknown>>;
    };
    expect(after.channels['sim-chat-a']).toEqual({ latency_ms: 0, chunk_delay_ms: 3 });
    expect(() => s.sim.setChatSettings('sim-video-a', { chunkDelayMs: 3 })).toThrow();
    await s.control('/__sim/reset', { method: 'POST' });
    const reset = (await (await s.control('/__sim/config')).json()) as {
      channels: Record<string, Record<string, unknown>>;
    };
    expect(reset.channels['sim-chat-a']).toEqual({ latency_ms: 0, chunk_delay_ms: 0 });
  });

  it('paces streamed chunks, one write each', async () => {
    const full = await readSse(await chat({ stream: true }));
    s.sim.setChatSettings('sim-chat-a', { chunkDelayMs: 20 });
    const started = Date.now();
    const res = await chat({ stream: true });
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    let reads = 0;
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
      reads += 1;
    }
    const elapsed = Date.now() - started;
    // n chunks, n - 1 pauses of 20 ms; coarse bounds.
    expect(elapsed).toBeGreaterThanOrEqual((full.length - 1) * 20 * 0.8);
    expect(elapsed).toBeLessThan((full.length - 1) * 20 * 4 + 1000);
    expect(reads).toBeGreaterThan(full.length / 2);
  });

  it('stops writing at once when the client leaves, and logs aborted', async () => {
    s.sim.setChatSettings('sim-chat-a', { chunkDelayMs: 200 });
    const ac = new AbortController();
    const res = await chat({ stream: true }, { signal: ac.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    ac.abort();
    const entry = await settled();
    expect(entry).toMatchObject({ status: 200, aborted: true });
    expect(entry?.duration_ms).toBeLessThan(1000);
  });
});

describe('aborted flag in the request log', () => {
  it('is false for complete answers and true when the client left a non-streaming request', async () => {
    expect((await chat()).status).toBe(200);
    expect(await settled()).toMatchObject({ status: 200, aborted: false });
    s.sim.setLatency('sim-chat-a', 5_000);
    const ac = new AbortController();
    const pending = chat({}, { signal: ac.signal }).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 100));
    ac.abort();
    await pending;
    const entry = await settled();
    expect(entry).toMatchObject({ status: 499, aborted: true });
  });
});
