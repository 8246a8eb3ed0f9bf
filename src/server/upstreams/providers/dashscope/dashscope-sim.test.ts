import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, SIM_DASHSCOPE_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { forTests } from '@/server/upstreams/image-call';
import type { ImageGeneration } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { dashscope } from './dashscope';

/**
 * Studio's dashscope adapter against the simulated channel (no official Node client exists; the
 * documented requests and answers are checked in dashscope-request.test.ts and dashscope-fixtures.test.ts).
 */

const CH = SIM_DASHSCOPE_CHANNEL.name;
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_DASHSCOPE_CHANNEL] });
});
afterAll(() => s.close());

const target = (model: string): Target => ({
  channel: CH,
  adapter: 'dashscope',
  baseUrl: `${s.url}/${CH}`,
  apiKey: simChannelKey(CH),
  model,
  softTimeoutMs: 5_000,
});
const run = (model: string, req: ImageGeneration, signal = AbortSignal.timeout(5_000)) =>
  forTests.runImageTask(dashscope, target(model), req, signal, () => 20);
const arm = async (body: Record<string, unknown>) =>
  expect((await s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } })).status).toBe(200);

describe('the dashscope adapter against the simulator', () => {
  it('submits, polls PENDING → RUNNING → SUCCEEDED and downloads a PNG of the size sent, for each endpoint', async () => {
    s.sim.setLatency(CH, 1_500);
    try {
      const out = await run('wan2.2-t2i-flash', { prompt: '一只橘猫', width: 1152, height: 864 });
      expect(out.declaredMime).toBe('image/png');
      expect(await sharp(out.data).metadata()).toMatchObject({ format: 'png', width: 1152, height: 864 });
      const polls = s.sim.requests(CH).filter((r) => r.method === 'GET');
      expect(polls.length).toBeGreaterThan(1);
    } finally {
      s.sim.setLatency(CH, 0);
    }
    const qwen = await run('qwen-image-plus', { prompt: 'poster', width: 928, height: 1664 });
    expect(await sharp(qwen.data).metadata()).toMatchObject({ width: 928, height: 1664 });
    const ref = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#39c' } })
      .jpeg()
      .toBuffer();
    const edit = await run('wan2.5-i2i-preview', {
      prompt: '水彩',
      width: 1024,
      height: 1024,
      referenceImages: [{ data: ref, mime: 'image/jpeg', filename: 'r.jpg' }],
    });
    expect(await sharp(edit.data).metadata()).toMatchObject({ width: 1024, height: 1024 });
  });

  it('edits with Qwen-Image-Edit in one synchronous call: no task, no poll, the PNG of the size sent', async () => {
    await s.control('/__sim/requests', { method: 'DELETE' });
    const ref = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c93' } })
      .png()
      .toBuffer();
    const referenceImages = [{ data: ref, mime: 'image/png', filename: 'r.png' }];
    const plus = await run('qwen-image-edit-plus', { prompt: '换成雪景', width: 1024, height: 768, referenceImages });
    expect(await sharp(plus.data).metadata()).toMatchObject({ format: 'png', width: 1024, height: 768 });
    // qwen-image-edit answers in its input's shape (Studio crops it afterwards).
    const plain = await run('qwen-image-edit', { prompt: '换成雪景', width: 1024, height: 1024, referenceImages });
    const meta = await sharp(plain.data).metadata();
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(1.5, 1);
    expect(s.sim.requests(CH).map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/v1/services/aigc/multimodal-generation/generation', 200],
      ['POST', '/api/v1/services/aigc/multimodal-generation/generation', 200],
    ]);
    await arm({ fault: 'content_refused' });
    await expect(
      run('qwen-image-edit', { prompt: 'p', width: 1024, height: 1024, referenceImages }),
    ).rejects.toMatchObject({ errorClass: 'refused', code: 'DataInspectionFailed' });
  });

  it('edits with Wan 2.1 (a task with a function and a base image): the result keeps the base image’s size', async () => {
    const base = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#693' } })
      .jpeg()
      .toBuffer();
    const referenceImages = [{ data: base, mime: 'image/jpeg', filename: 'b.jpg' }];
    const out = await run('wanx2.1-imageedit', { prompt: '水彩', width: 1024, height: 1024, referenceImages });
    expect(await sharp(out.data).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
    // Its input rules: a base image too small for it is refused as DashScope does.
    const small = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#693' } })
      .png()
      .toBuffer();
    const tiny = [{ data: small, mime: 'image/png', filename: 's.png' }];
    await expect(
      run('wanx2.1-imageedit', { prompt: 'p', width: 1024, height: 1024, referenceImages: tiny }),
    ).rejects.toMatchObject({ errorClass: 'bad_request', code: 'InvalidParameter' });
  });

  it('classifies the simulated faults in DashScope’s shape', async () => {
    const ask = () => run('wan2.2-t2i-flash', { prompt: 'p', width: 1024, height: 1024 });
    await arm({ fault: 'rate_limit', retry_after_s: 3 });
    await expect(ask()).rejects.toMatchObject({
      errorClass: 'rate_limit',
      retryAfterMs: 3000,
      code: 'Throttling.RateQuota',
    });
    await arm({ fault: 'invalid_key' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'invalid_key', status: 401, code: 'InvalidApiKey' });
    await arm({ fault: 'unpaid' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'unpaid', code: 'Arrearage' });
    await arm({ fault: 'server_error' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'server_error', code: 'InternalError' });
    await arm({ fault: 'content_refused' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'refused', code: 'DataInspectionFailed' });
    await arm({ fault: 'task_failed', code: 'DataInspectionFailed' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'refused', code: 'DataInspectionFailed' });
    await arm({ fault: 'task_failed' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'server_error', code: 'InternalError' });
    await arm({ fault: 'bad_output' });
    const truncated = await ask();
    await expect(sharp(truncated.data).stats()).rejects.toThrow();
    // A size the model does not take is the provider's 400.
    await expect(run('qwen-image-plus', { prompt: 'p', width: 1024, height: 1024 })).rejects.toMatchObject({
      errorClass: 'bad_request',
      code: 'InvalidParameter',
    });
    await expect(dashscope.probe(target('wan2.2-t2i-flash'), AbortSignal.timeout(5_000))).resolves.toBeUndefined();
  });

  it('cancels a task that never finishes when the run is given up on', async () => {
    await arm({ fault: 'task_never_finishes' });
    await expect(
      run('wan2.2-t2i-flash', { prompt: 'p', width: 1024, height: 1024 }, AbortSignal.timeout(300)),
    ).rejects.toMatchObject({
      errorClass: 'timeout',
    });
    let cancel: { status: number | null; path: string } | undefined;
    for (let i = 0; i < 50 && !cancel?.status; i++) {
      await new Promise((r) => setTimeout(r, 20));
      cancel = s.sim.requests(CH).find((r) => r.method === 'POST' && r.path.endsWith('/cancel'));
    }
    expect(cancel?.status).toBe(200);
    const id = /\/api\/v1\/tasks\/([^/]+)\/cancel/.exec(cancel?.path ?? '')?.[1] ?? '';
    expect(await dashscope.get(target('wan2.2-t2i-flash'), id, AbortSignal.timeout(5_000))).toMatchObject({
      status: 'cancelled',
    });
  });
});
