import { describe, expect, it } from 'vitest';
import type { ImageTaskProvider, ImageTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { forTests, imagePollDelayMs, nextPollDelayMs } from './image-call';

const target: Target = {
  channel: 'c',
  adapter: 'openai-images',
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'k',
  model: 'm',
  softTimeoutMs: 1000,
};
const req = { prompt: 'p', width: 64, height: 64 };
const state = (s: Partial<ImageTaskState>): ImageTaskState => ({
  id: 't1',
  status: 'queued',
  image: null,
  error: null,
  ...s,
});

/** A task provider that answers the given states in turn and records the calls made to it. */
function scripted(states: ImageTaskState[]) {
  const calls: string[] = [];
  const provider: ImageTaskProvider = {
    media: 'image',
    mode: 'task',
    generateCall: 'POST /tasks',
    submit: () => {
      calls.push('submit');
      return Promise.resolve(states.shift() ?? state({}));
    },
    get: (_t, id) => {
      calls.push(`get ${id}`);
      return Promise.resolve(states.shift() ?? state({ status: 'running' }));
    },
    cancel: (_t, id) => {
      calls.push(`cancel ${id}`);
      return Promise.resolve();
    },
    probe: () => Promise.resolve(),
  };
  return { provider, calls };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof UpstreamError ? { cls: e.errorClass, code: e.code } : e),
  );

describe('asynchronous image tasks', () => {
  it('polls a task until it succeeds and answers its image', async () => {
    const png = Buffer.from('png bytes');
    const { provider, calls } = scripted([
      state({}),
      state({ status: 'running' }),
      state({ status: 'succeeded', image: { data: png, mime: 'image/png' } }),
    ]);
    const out = await forTests.runImageTask(provider, target, req, new AbortController().signal, () => 1);
    expect(out).toEqual({ data: png, declaredMime: 'image/png' });
    expect(calls).toEqual(['submit', 'get t1', 'get t1']);
  });

  it('takes a task done at submission without polling', async () => {
    const { provider, calls } = scripted([
      state({ status: 'succeeded', image: { data: Buffer.from('x'), mime: null } }),
    ]);
    await forTests.runImageTask(provider, target, req, new AbortController().signal, () => 1);
    expect(calls).toEqual(['submit']);
  });

  it('ends a failed task with the class the provider’s code maps to', async () => {
    const { provider } = scripted([
      state({}),
      state({ status: 'failed', error: { code: 'DataInspectionFailed', message: 'refused', errorClass: 'refused' } }),
    ]);
    expect(await failure(forTests.runImageTask(provider, target, req, new AbortController().signal, () => 1))).toEqual({
      cls: 'refused',
      code: 'DataInspectionFailed',
    });
  });

  it('says bad output for a task that succeeded without an image', async () => {
    const { provider } = scripted([state({ status: 'succeeded' })]);
    expect(await failure(forTests.runImageTask(provider, target, req, new AbortController().signal, () => 1))).toEqual({
      cls: 'bad_output',
      code: undefined,
    });
  });

  it('cancels the task at the provider when Studio gives up, and reports a time-out', async () => {
    const { provider, calls } = scripted([state({})]);
    const out = failure(forTests.runImageTask(provider, target, req, AbortSignal.timeout(40), () => 10));
    expect(await out).toEqual({ cls: 'timeout', code: undefined });
    await new Promise((r) => setTimeout(r, 5));
    expect(calls[0]).toBe('submit');
    expect(calls.at(-1)).toBe('cancel t1');
    expect(calls.filter((c) => c.startsWith('get')).length).toBeGreaterThan(0);
  });

  it('waits a little longer between polls, up to 3 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(imagePollDelayMs)).toEqual([250, 500, 1000, 2000, 3000, 3000]);
  });
});

describe('the poll schedule learned from a channel', () => {
  it('is the plain back-off while nothing is known', () => {
    expect([0, 1, 2, 3].map((n) => nextPollDelayMs(n * 100, n, null))).toEqual([250, 500, 1000, 2000]);
  });

  it('leaves a task alone until near its expected end, at most 3 s at a time, then backs off from there', () => {
    expect(nextPollDelayMs(10, 0, 2_000)).toBe(1_590);
    expect(nextPollDelayMs(1_600, 0, 2_000)).toBe(250);
    expect(nextPollDelayMs(1_850, 1, 2_000)).toBe(500);
    expect(nextPollDelayMs(0, 0, 20_000)).toBe(3_000);
    expect(nextPollDelayMs(15_000, 0, 20_000)).toBe(1_000);
  });

  it('looks after 25 ms at a channel whose tasks finish at once, then backs off as usual', () => {
    expect(nextPollDelayMs(5, 0, 20)).toBe(25);
    expect(nextPollDelayMs(30, 1, 20)).toBe(250);
    expect(nextPollDelayMs(280, 2, 20)).toBe(500);
  });

  it("learns a channel's task time as its tasks finish, and polls the next task sooner", async () => {
    const fast = { ...target, channel: 'fast' };
    forTests.taskTimes.clear();
    const first = scripted([state({}), state({ status: 'succeeded', image: { data: Buffer.from('x'), mime: null } })]);
    await forTests.runImageTask(first.provider, fast, req, new AbortController().signal);
    const learned = forTests.taskTimes.get('fast\nm') ?? NaN;
    expect(learned).toBeGreaterThan(100);
    expect(learned).toBeLessThan(200);
    const second = scripted([state({}), state({ status: 'succeeded', image: { data: Buffer.from('x'), mime: null } })]);
    const t0 = performance.now();
    await forTests.runImageTask(second.provider, fast, req, new AbortController().signal);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(forTests.taskTimes.get('fast\nm')).toBeLessThan(learned);
  });
});
