import { createRequire } from 'node:module';
import Replicate, { type ApiError } from 'replicate';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_REPLICATE_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { generateImage } from '@/server/upstreams/image-call';
import type { Target } from '@/server/upstreams/types';
import { replicate } from './replicate';

/** Studio's adapter and the official client, `replicate` 1.4.0, against the simulated Replicate channel. */

const CH = SIM_REPLICATE_CHANNEL.name;
const PUBLIC = 'https://replicate-sim.test';
/** The client's own error class (`replicate/lib/error.js`), which its types declare only as an interface. */
const ApiErrorClass = createRequire(import.meta.url)('replicate/lib/error.js') as new () => ApiError;
let s: RunningSim;
let sp: RunningSim;
let target: Target;
let client: Replicate;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_REPLICATE_CHANNEL] });
  // For the client: output URLs in https (it wraps only https: and data: outputs in FileOutput); its fetch maps them back.
  sp = await startSim({ channels: [SIM_REPLICATE_CHANNEL], publicUrl: PUBLIC });
  const local = (url: string) => url.replace(PUBLIC, sp.url);
  target = {
    channel: CH,
    adapter: 'replicate',
    baseUrl: `${s.url}/${CH}`,
    apiKey: simChannelKey(CH),
    model: 'black-forest-labs/flux-schnell',
    softTimeoutMs: 4_000,
  };
  client = new Replicate({
    auth: simChannelKey(CH),
    baseUrl: `${sp.url}/${CH}/v1`,
    fetch: (input, init) => fetch(local(input instanceof Request ? input.url : String(input)), init),
  });
});
afterAll(async () => {
  await s.close();
  await sp.close();
});
afterEach(async () => {
  await s.control('/__sim/reset', { method: 'POST' });
  await sp.control('/__sim/reset', { method: 'POST' });
});
const signal = () => AbortSignal.timeout(10_000);
const gen = { prompt: 'a red fox', width: 1344, height: 768 };
const arm = (body: Record<string, unknown>) => s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });
const latency = (ms: number) => s.control('/__sim/config', { json: { channel: CH, latency_ms: ms } });

describe('the replicate adapter against the simulator', () => {
  it('answers a finished prediction within Prefer: wait, its image at the ratio asked', async () => {
    const state = await replicate.submit(target, gen, signal());
    expect(state).toMatchObject({ status: 'succeeded', error: null });
    const url = state.image && 'url' in state.image ? state.image.url : '';
    const meta = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1344, height: 768 });
    expect(s.sim.requests(CH).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/models/black-forest-labs/flux-schnell/predictions',
    ]);
  });

  it('polls a prediction slower than the wait, then cancels one that never finishes', async () => {
    await latency(2_600);
    const first = await replicate.submit(target, gen, signal());
    expect(first.status).toMatch(/queued|running/);
    let state = first;
    while (state.status === 'queued' || state.status === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      state = await replicate.get(target, first.id, signal());
    }
    expect(state.status).toBe('succeeded');
    await latency(0);
    await arm({ fault: 'task_never_finishes' });
    const stuck = await replicate.submit({ ...target, softTimeoutMs: 2_000 }, gen, signal());
    expect(stuck.status).toBe('running');
    await replicate.cancel(target, stuck.id, signal());
    expect((await replicate.get(target, stuck.id, signal())).status).toBe('cancelled');
  });

  it('runs each known model through the image run, references as data URIs', async () => {
    const ref = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    for (const m of SIM_REPLICATE_CHANNEL.capabilities.models) {
      const refs = m.maxReferenceImages > 0 ? [{ data: ref, mime: 'image/png', filename: 'r.png' }] : [];
      const size = Array.isArray(m.sizes) ? String(m.sizes[0]) : '1024x1024';
      const [width, height] = size.split('x').map(Number) as [number, number];
      const out = await generateImage(
        { ...target, model: m.model },
        { prompt: 'a lighthouse', width, height, referenceImages: refs },
        signal(),
      );
      const meta = await sharp(out.data).metadata();
      expect([meta.width, meta.height], m.model).toEqual([width, height]);
    }
  });

  it('classifies Replicate’s errors and failed predictions, and probes the account', async () => {
    await arm({ fault: 'rate_limit', retry_after_s: 3 });
    await expect(replicate.submit(target, gen, signal())).rejects.toMatchObject({
      errorClass: 'rate_limit',
      retryAfterMs: 3000,
      status: 429,
    });
    await arm({ fault: 'invalid_key' });
    await expect(replicate.submit(target, gen, signal())).rejects.toMatchObject({ errorClass: 'invalid_key' });
    await arm({ fault: 'unpaid' });
    await expect(replicate.submit(target, gen, signal())).rejects.toMatchObject({ errorClass: 'unpaid', status: 402 });
    await arm({ fault: 'server_error', status: 503 });
    await expect(replicate.submit(target, gen, signal())).rejects.toMatchObject({ errorClass: 'server_error' });
    await expect(replicate.submit({ ...target, model: 'someone/unknown-model' }, gen, signal())).rejects.toMatchObject({
      errorClass: 'unsupported',
      status: 404,
    });
    await arm({ fault: 'content_refused' });
    const refused = await replicate.submit(target, gen, signal());
    expect(refused).toMatchObject({ status: 'failed', error: { errorClass: 'server_error' } });
    expect(refused.error?.message).toContain('E005');
    await arm({ fault: 'bad_output' });
    // The truncated file reaches Studio's verification, which refuses it (it does not decode).
    const cut = await generateImage(target, gen, signal());
    await expect(sharp(cut.data, { failOn: 'error' }).stats()).rejects.toThrow();
    await expect(replicate.probe(target, signal())).resolves.toBeUndefined();
    await expect(replicate.probe({ ...target, apiKey: 'wrong' }, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
    });
  });
});

const armP = (body: Record<string, unknown>) =>
  sp.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });

describe('the official client, replicate 1.4.0, against the simulator', () => {
  it('creates with wait, reads, cancels, and run() reads the image as a FileOutput', async () => {
    const created = await client.predictions.create({
      model: 'black-forest-labs/flux-schnell',
      input: { prompt: 'a fox', aspect_ratio: '1:1', output_format: 'png', num_outputs: 1 },
      wait: 5,
    });
    expect(created.status).toBe('succeeded');
    expect((await client.predictions.get(created.id)).output).toEqual(created.output);
    await armP({ fault: 'task_never_finishes' });
    const stuck = await client.predictions.create({ model: 'google/nano-banana', input: { prompt: 'x' } });
    expect(stuck.status).toMatch(/^(starting|processing)$/);
    expect((await client.predictions.cancel(stuck.id)).status).toBe('canceled');
    const [file] = (await client.run('black-forest-labs/flux-schnell', {
      input: { prompt: 'a fox', output_format: 'png' },
    })) as { blob(): Promise<Blob>; url(): URL }[];
    expect(file?.url().origin).toBe(PUBLIC);
    const bytes = Buffer.from(await ((await file?.blob()) as Blob).arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('raises ApiError with Replicate’s problem details for the faults and refused inputs', async () => {
    const create = () => client.predictions.create({ model: 'black-forest-labs/flux-schnell', input: { prompt: 'x' } });
    const statusOf = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiErrorClass);
      return (err as ApiError).response.status;
    };
    await armP({ fault: 'invalid_key' });
    expect(await statusOf(create())).toBe(401);
    await armP({ fault: 'unpaid' });
    expect(await statusOf(create())).toBe(402);
    // The client retries a 429 five times by itself: the fault outlasts them.
    await armP({ fault: 'rate_limit', retry_after_s: 0, times: 6 });
    expect(await statusOf(create())).toBe(429);
    const bad = client.predictions.create({
      model: 'black-forest-labs/flux-schnell',
      input: { prompt: 'x', aspect_ratio: '7:5', style: 'noir' },
    });
    const err = await bad.catch((e: unknown) => e as ApiError);
    expect((err as ApiError).response.status).toBe(422);
    expect((err as ApiError).message).toContain('Additional property style is not allowed');
    expect(await statusOf(client.predictions.get('doesnotexist'))).toBe(404);
  });
});
