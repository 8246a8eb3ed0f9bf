import { describe, expect, it } from 'vitest';
import type { ImageTaskProvider, ImageTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { forTests, type ImageTaskHooks } from './image-call';

/** An asynchronous image task followed across runs of its job: resumed, recorded, handed over. */

const target: Target = {
  channel: 'c',
  adapter: 'dashscope',
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'k',
  model: 'm',
  softTimeoutMs: 1000,
};
const req = { prompt: 'p', width: 64, height: 64 };
const png = Buffer.from('png bytes');
const done = (id: string): ImageTaskState => ({
  id,
  status: 'succeeded',
  image: { data: png, mime: 'image/png' },
  error: null,
});

/** A provider whose `get` answers per task id (a 404 for ids it does not know) and that logs its calls. */
function provider(known: Record<string, ImageTaskState[]>) {
  const calls: string[] = [];
  const p: ImageTaskProvider = {
    media: 'image',
    mode: 'task',
    generateCall: 'POST /tasks',
    submit: () => {
      calls.push('submit');
      known.fresh = [{ id: 'fresh', status: 'running', image: null, error: null }, done('fresh')];
      return Promise.resolve({ id: 'fresh', status: 'queued', image: null, error: null });
    },
    get: (_t, id) => {
      calls.push(`get ${id}`);
      const next = known[id]?.shift();
      if (!next) return Promise.reject(new UpstreamError('unsupported', 'no such request', { status: 404 }));
      return Promise.resolve(next);
    },
    cancel: (_t, id) => {
      calls.push(`cancel ${id}`);
      return Promise.resolve();
    },
    probe: () => Promise.resolve(),
  };
  return { p, calls };
}

const run = (p: ImageTaskProvider, signal: AbortSignal, hooks: ImageTaskHooks) =>
  forTests.runImageTask(p, target, req, signal, () => 1, hooks);

describe('an image task followed across runs of its job', () => {
  it('polls the task an earlier run submitted instead of submitting another', async () => {
    const { p, calls } = provider({
      earlier: [{ id: 'earlier', status: 'running', image: null, error: null }, done('earlier')],
    });
    const submitted: string[] = [];
    const out = await run(p, new AbortController().signal, {
      resume: 'earlier',
      onSubmitted: (id) => Promise.resolve(void submitted.push(id)),
    });
    expect(out).toEqual({ data: png, declaredMime: 'image/png' });
    expect(calls).toEqual(['get earlier', 'get earlier']);
    expect(submitted).toEqual([]);
  });

  it('submits anew, and records the new task, when the provider no longer knows the earlier one (404)', async () => {
    const { p, calls } = provider({});
    const submitted: string[] = [];
    const out = await run(p, new AbortController().signal, {
      resume: 'expired',
      onSubmitted: (id) => Promise.resolve(void submitted.push(id)),
    });
    expect(out.data).toEqual(png);
    expect(calls).toEqual(['get expired', 'submit', 'get fresh', 'get fresh']);
    expect(submitted).toEqual(['fresh']);
  });

  it('records a submitted task before the first wait', async () => {
    const { p, calls } = provider({});
    const order: string[] = [];
    await run(p, new AbortController().signal, {
      onSubmitted: (id) => Promise.resolve(void order.push(`recorded ${id} after ${calls.length} call(s)`)),
    });
    expect(order).toEqual(['recorded fresh after 1 call(s)']);
  });

  it('leaves the task running at the provider when the worker’s stop ends the wait', async () => {
    const { p, calls } = provider({
      long: Array.from({ length: 50 }, () => ({ id: 'long', status: 'running' as const, image: null, error: null })),
    });
    const stopping = new AbortController();
    setTimeout(() => stopping.abort(), 20);
    await expect(run(p, stopping.signal, { resume: 'long', handOver: stopping.signal })).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 5));
    expect(calls.filter((c) => c.startsWith('cancel'))).toEqual([]);
    expect(calls.filter((c) => c === 'submit')).toEqual([]);
  });

  it('still cancels a resumed task Studio gives up on for another reason (the attempt’s time-out)', async () => {
    const { p, calls } = provider({
      long: Array.from({ length: 50 }, () => ({ id: 'long', status: 'running' as const, image: null, error: null })),
    });
    const worker = new AbortController();
    await expect(run(p, AbortSignal.timeout(20), { resume: 'long', handOver: worker.signal })).rejects.toMatchObject({
      errorClass: 'timeout',
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(calls.at(-1)).toBe('cancel long');
  });
});
