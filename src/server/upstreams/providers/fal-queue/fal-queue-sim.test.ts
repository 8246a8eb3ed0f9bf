import { createFalClient, ApiError, ValidationError } from '@fal-ai/client';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, SIM_FAL_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { forTests } from '@/server/upstreams/image-call';
import type { Target } from '@/server/upstreams/types';
import { falQueue } from './fal-queue';

/** Studio's fal adapter and @fal-ai/client 1.10.1 against the simulated fal queue (`sim-fal`). */

const CH = SIM_FAL_CHANNEL.name;
let s: RunningSim;
let target: Target;
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_FAL_CHANNEL] });
  target = {
    channel: CH,
    adapter: 'fal-queue',
    baseUrl: `${s.url}/${CH}`,
    apiKey: simChannelKey(CH),
    model: 'fal-ai/flux/dev',
    softTimeoutMs: 5_000,
  };
});
afterAll(() => s.close());
afterEach(async () => {
  await s.control('/__sim/faults', { method: 'DELETE' });
  await s.control('/__sim/config', { json: { channel: CH, latency_ms: 0 } });
});
const signal = () => AbortSignal.timeout(10_000);
const arm = (body: Record<string, unknown>) => s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });
const run = (t: Target, req: Parameters<typeof falQueue.submit>[1]) =>
  forTests.runImageTask(falQueue, t, req, signal(), () => 20);
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#33aa77' } })
    .png()
    .toBuffer();

/** @fal-ai/client with its queue.fal.run URLs rewritten to the simulated channel. */
function client(key = simChannelKey(CH)) {
  return createFalClient({
    credentials: key,
    requestMiddleware: (req) =>
      Promise.resolve({ ...req, url: req.url.replace('https://queue.fal.run', `${s.url}/${CH}`) }),
  });
}

describe('the fal-queue adapter against the simulator', () => {
  it('submits, polls through the queue and reads a real image of the size asked', async () => {
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 600 } });
    const first = await falQueue.submit(target, { prompt: 'a lighthouse', width: 1024, height: 576 }, signal());
    expect(first).toMatchObject({ status: 'queued', queuePosition: 0 });
    expect(first.id).toMatch(/^fal-ai\/flux\/requests\/[0-9a-f-]{36}$/);
    const seen = new Set<string>();
    let state = first;
    while (state.status === 'queued' || state.status === 'running') {
      seen.add(state.status);
      await new Promise((r) => setTimeout(r, 40));
      state = await falQueue.get(target, first.id, signal());
    }
    expect([...seen]).toEqual(['queued', 'running']);
    expect(state.status).toBe('succeeded');
    const out = await run(target, { prompt: 'a lighthouse', width: 1024, height: 576 });
    expect(await sharp(out.data).metadata()).toMatchObject({ format: 'png', width: 1024, height: 576 });
  });

  it('sends a reference image to the edit sibling as a data URI, and an aspect ratio to nano-banana', async () => {
    const out = await run(
      { ...target, model: 'fal-ai/nano-banana' },
      {
        prompt: 'restyle',
        width: 1344,
        height: 768,
        referenceImages: [{ data: await png(), mime: 'image/png', filename: 'a.png' }],
      },
    );
    expect(await sharp(out.data).metadata()).toMatchObject({ width: 1344, height: 768 });
    const log = (await (await s.control(`/__sim/requests?channel=${CH}`)).json()) as { method: string; path: string }[];
    expect(log.some((r) => r.method === 'POST' && r.path === '/fal-ai/nano-banana/edit')).toBe(true);
    expect(log.some((r) => r.path.startsWith('/fal-ai/nano-banana/requests/'))).toBe(true);
  });

  it('cancels a request that never finishes; a finished one answers ALREADY_COMPLETED and is not an error', async () => {
    await arm({ fault: 'task_never_finishes' });
    const task = await falQueue.submit(target, { prompt: 'slow', width: 512, height: 512 }, signal());
    expect((await falQueue.get(target, task.id, signal())).status).toBe('running');
    await expect(falQueue.cancel(target, task.id, signal())).resolves.toBeUndefined();
    expect((await falQueue.get(target, task.id, signal())).status).toBe('failed');
    await expect(falQueue.cancel(target, task.id, signal())).resolves.toBeUndefined();
  });

  it('classifies the faults: refusals in both of fal’s shapes are the caller’s', async () => {
    const req = { prompt: 'x', width: 512, height: 512 };
    await arm({ fault: 'content_refused' });
    await expect(run(target, req)).rejects.toMatchObject({ errorClass: 'refused', code: 'has_nsfw_concepts' });
    await arm({ fault: 'content_refused' });
    const kontext = { ...target, model: 'fal-ai/flux-pro/kontext' };
    await expect(run(kontext, { ...req, referenceImages: [{ data: await png(), mime: 'image/png', filename: 'a' }] }))
      .rejects.toMatchObject({ errorClass: 'refused', code: 'content_policy_violation' }); // prettier-ignore
    await arm({ fault: 'rate_limit', retry_after_s: 2 });
    await expect(run(target, req)).rejects.toMatchObject({ errorClass: 'rate_limit', status: 429, retryAfterMs: 2000 });
    await arm({ fault: 'invalid_key' });
    await expect(run(target, req)).rejects.toMatchObject({ errorClass: 'invalid_key', status: 401 });
    await arm({ fault: 'unpaid' });
    await expect(run(target, req)).rejects.toMatchObject({ errorClass: 'unpaid', status: 403 });
    await arm({ fault: 'server_error', status: 503 });
    await expect(run(target, req)).rejects.toMatchObject({
      errorClass: 'server_error',
      code: 'runner_scheduling_failure',
    });
    await arm({ fault: 'task_failed', code: 'request_timeout' });
    await expect(run(target, req)).rejects.toMatchObject({ errorClass: 'timeout', code: 'request_timeout' });
    await arm({ fault: 'bad_output' });
    const broken = await run(target, req);
    await expect(sharp(broken.data).stats()).rejects.toThrow();
    await expect(falQueue.probe(target, signal())).resolves.toBeUndefined();
    await expect(falQueue.probe({ ...target, apiKey: 'wrong' }, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
    });
  });

  it('refuses a size the model does not take with fal’s 422 details, as a bad request', async () => {
    await expect(
      run({ ...target, model: 'fal-ai/bytedance/seedream/v4/text-to-image' }, { prompt: 'x', width: 512, height: 512 }),
    ).rejects.toMatchObject({ errorClass: 'bad_request', code: 'value_error' });
  });
});

describe('@fal-ai/client 1.10.1 against the simulator', () => {
  it('submits, reads status, result and cancels, and subscribes with queue updates', async () => {
    const fal = client();
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 200 } });
    const input = {
      prompt: 'a cat',
      image_size: { width: 512, height: 384 },
      num_images: 1,
      output_format: 'png' as const,
    };
    const queued = await fal.queue.submit('fal-ai/flux/dev', { input });
    expect(queued).toMatchObject({ status: 'IN_QUEUE', request_id: expect.any(String), queue_position: 0 });
    const st = await fal.queue.status('fal-ai/flux/dev', { requestId: queued.request_id });
    expect(['IN_QUEUE', 'IN_PROGRESS']).toContain(st.status);
    const updates: string[] = [];
    const done = await fal.subscribe('fal-ai/flux/dev', {
      input,
      pollInterval: 30,
      onQueueUpdate: (u) => updates.push(u.status),
    });
    expect(updates.at(-1)).toBe('COMPLETED');
    expect(updates).toContain('IN_PROGRESS');
    const images = (done.data as { images: { url: string; width: number }[] }).images;
    expect(images[0]?.width).toBe(512);
    expect((await fetch(images[0]?.url ?? '')).headers.get('content-type')).toBe('image/png');
    const res = await fal.queue.result('fal-ai/flux/dev', { requestId: done.requestId });
    expect(res.data).toEqual(done.data);
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 60_000 } });
    const slow = await fal.queue.submit('fal-ai/flux/dev', { input });
    await expect(fal.queue.cancel('fal-ai/flux/dev', { requestId: slow.request_id })).resolves.toBeUndefined();
    await expect(fal.queue.cancel('fal-ai/flux/dev', { requestId: done.requestId })).rejects.toBeInstanceOf(ApiError);
  });

  it('raises ValidationError for an unknown field and a refusal, ApiError for a bad key and a server error', async () => {
    const fal = client();
    const bad = await fal.queue.submit('fal-ai/flux/dev', { input: { prompt: 'x', colour: 'red' } as never });
    const err = await fal.queue.result('fal-ai/flux/dev', { requestId: bad.request_id }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).getFieldErrors('colour')[0]?.type).toBe('extra_forbidden');
    await arm({ fault: 'content_refused' });
    const refused = await fal
      .subscribe('fal-ai/nano-banana', { input: { prompt: 'x' }, pollInterval: 20 })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors[0]?.type).toBe('content_policy_violation');
    const denied = await client('wrong')
      .queue.submit('fal-ai/flux/dev', { input: { prompt: 'x' } })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(ApiError);
    expect(denied).toMatchObject({ status: 401 });
    await arm({ fault: 'server_error' });
    const failed = await fal.queue.submit('fal-ai/flux/dev', { input: { prompt: 'x' } }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'ApiError', status: 500, body: { error_type: 'internal_error' } });
  });
});
