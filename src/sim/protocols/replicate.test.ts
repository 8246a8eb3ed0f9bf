import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, SIM_REPLICATE_CHANNEL } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { simVersionOf } from './replicate-models';

/** The simulated Replicate channel: validation per model, sync mode, polling, cancel and faults in Replicate's shapes. */

const CH = SIM_REPLICATE_CHANNEL.name;
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_REPLICATE_CHANNEL] });
});
afterAll(() => s.close());
afterEach(async () => {
  await s.control('/__sim/reset', { method: 'POST' });
});
const create = (model: string, body: unknown, prefer?: string) =>
  s.call(CH, `/v1/models/${model}/predictions`, { json: body, headers: prefer ? { prefer } : {} });

describe('sim-replicate', () => {
  it('refuses unknown input fields, values outside an enum or range, and a missing prompt with 422 invalid_fields', async () => {
    const res = await create('black-forest-labs/flux-schnell', {
      input: { aspect_ratio: '7:5', num_outputs: 9, style: 'noir' },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      title: string;
      status: number;
      invalid_fields: { type: string; field: string }[];
    };
    expect(body).toMatchObject({ title: 'Input validation failed', status: 422 });
    expect(body.invalid_fields.map((f) => `${f.type} ${f.field}`).sort()).toEqual([
      'additional_property_not_allowed input',
      'enum input.aspect_ratio',
      'number_lte input.num_outputs',
      'required input',
    ]);
    const top = await create('black-forest-labs/flux-schnell', { input: { prompt: 'x' }, model: 'm' });
    expect(top.status).toBe(422);
    const kontext = await create('black-forest-labs/flux-kontext-pro', {
      input: { prompt: 'x', output_format: 'webp' },
    });
    expect(kontext.status).toBe(422);
  });

  it('answers 404 for a model the channel does not serve, 401 in its shape for a wrong key', async () => {
    const res = await create('someone/else', { input: { prompt: 'x' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ title: 'Not found', detail: expect.any(String), status: 404 });
    const key = await fetch(`${s.url}/${CH}/v1/account`, { headers: { authorization: 'Bearer wrong' } });
    expect(key.status).toBe(401);
    expect(await key.json()).toMatchObject({ title: 'Unauthenticated', status: 401 });
  });

  it('creates by version, holds Prefer: wait until done, and answers the state as it stands when the wait runs out', async () => {
    const byVersion = await s.call(CH, '/v1/predictions', {
      json: { version: simVersionOf('qwen/qwen-image'), input: { prompt: 'x', aspect_ratio: '16:9' } },
      headers: { prefer: 'wait' },
    });
    expect(byVersion.status).toBe(201);
    expect(await byVersion.json()).toMatchObject({
      status: 'succeeded',
      model: 'qwen/qwen-image',
      output: [expect.any(String)],
    });
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 2_500 } });
    const started = Date.now();
    const res = await create('google/nano-banana', { input: { prompt: 'x' } }, 'wait=1');
    const p = (await res.json()) as { id: string; status: string; output: unknown };
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(p).toMatchObject({ status: 'processing', output: null });
    const cancel = await s.call(CH, `/v1/predictions/${p.id}/cancel`, { method: 'POST' });
    expect(await cancel.json()).toMatchObject({ status: 'canceled' });
  });

  it('fails a prediction for task_failed and content_refused, and accepts task faults only on task channels', async () => {
    const arm = (body: Record<string, unknown>) =>
      s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });
    expect((await arm({ fault: 'task_failed', code: 'ModelError' })).status).toBe(200);
    const failed = (await (await create('qwen/qwen-image', { input: { prompt: 'x' } }, 'wait')).json()) as Record<
      string,
      unknown
    >;
    expect(failed).toMatchObject({ status: 'failed', output: null, error: expect.stringContaining('ModelError') });
    expect((await arm({ fault: 'content_refused' })).status).toBe(200);
    const refused = (await (await create('qwen/qwen-image', { input: { prompt: 'x' } }, 'wait')).json()) as Record<
      string,
      unknown
    >;
    expect(refused.error).toContain('(E005)');
    // An image channel: the video faults are not its own (sim-replicate-video takes them).
    expect((await arm({ fault: 'wrong_duration' })).status).toBe(400);
    expect((await arm({ fault: 'rate_limit', retry_after_s: 4 })).status).toBe(200);
    const limited = await create('qwen/qwen-image', { input: { prompt: 'x' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('4');
    expect(await limited.json()).toMatchObject({ title: 'Request was throttled.', status: 429 });
  });
});
