import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_FAL_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';

/** The simulated fal queue: fal's paths and key scheme, per-model validation, queue positions, cancel. */

const CH = SIM_FAL_CHANNEL.name;
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_FAL_CHANNEL] });
});
afterAll(() => s.close());
afterEach(async () => {
  await s.control('/__sim/faults', { method: 'DELETE' });
  await s.control('/__sim/config', { json: { channel: CH, latency_ms: 0 } });
});

const call = (path: string, init: RequestInit & { json?: unknown } = {}, key = simChannelKey(CH)) => {
  const { json, ...rest } = init;
  const headers = { authorization: `Key ${key}`, 'content-type': 'application/json' };
  return fetch(`${s.url}/${CH}${path}`, {
    ...rest,
    headers,
    ...(json !== undefined ? { method: 'POST', body: JSON.stringify(json) } : {}),
  });
};
const submit = async (endpoint: string, input: unknown) =>
  (await (await call(`/${endpoint}`, { json: input })).json()) as { request_id: string; queue_position: number };
const result = (app: string, id: string) => call(`/${app}/requests/${id}`);

describe('the simulated fal queue', () => {
  it('takes the key only as `Authorization: Key`, and answers fal’s `{detail}`', async () => {
    const bearer = await fetch(`${s.url}/${CH}/fal-ai/flux/dev`, {
      method: 'POST',
      headers: { authorization: `Bearer ${simChannelKey(CH)}` },
      body: '{}',
    });
    expect(bearer.status).toBe(401);
    expect(await bearer.json()).toEqual({ detail: expect.any(String) });
    expect((await call('/fal-ai/flux/dev', { json: { prompt: 'x' } }, 'wrong')).status).toBe(401);
    expect((await call('/fal-ai/unknown-model', { json: { prompt: 'x' } })).status).toBe(404);
  });

  it('counts queue positions, moves through IN_PROGRESS, and answers the result with an image file', async () => {
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 400 } });
    const a = await submit('fal-ai/flux/dev', { prompt: 'a' });
    const b = await submit('fal-ai/flux/dev', { prompt: 'b' });
    expect([a.queue_position, b.queue_position]).toEqual([0, 1]);
    const early = await result('fal-ai/flux', a.request_id);
    expect(early.status).toBe(400);
    // Poll as a client does: the status only ever moves forward, IN_QUEUE → IN_PROGRESS → COMPLETED.
    const seen: Record<string, unknown>[] = [];
    for (let i = 0; i < 200 && seen.at(-1)?.status !== 'COMPLETED'; i++) {
      seen.push(
        (await (await call(`/fal-ai/flux/requests/${a.request_id}/status?logs=1`)).json()) as Record<string, unknown>,
      );
      await new Promise((r) => setTimeout(r, 20));
    }
    const order = [...new Set(seen.map((x) => x.status))];
    expect(order).toEqual(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']);
    expect(seen.find((x) => x.status === 'IN_PROGRESS')).toMatchObject({
      logs: [expect.objectContaining({ level: 'INFO' })],
    });
    expect(seen.at(-1)).toMatchObject({
      response_url: expect.stringContaining(`/fal-ai/flux/requests/${a.request_id}`),
    });
    const out = (await (await result('fal-ai/flux', a.request_id)).json()) as {
      images: { url: string; content_type: string }[];
      has_nsfw_concepts: boolean[];
    };
    expect(out.has_nsfw_concepts).toEqual([false]);
    expect(out.images[0]?.content_type).toBe('image/jpeg');
    const file = await fetch(out.images[0]?.url ?? '');
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    // The status and result live under the app id, not the endpoint id.
    expect((await call(`/fal-ai/flux/dev/requests/${a.request_id}/status`)).status).toBe(404);
  });

  it('refuses per model what fal refuses, with 422 details on the result', async () => {
    const cases: [string, Record<string, unknown>, string, (string | number)[]][] = [
      ['fal-ai/flux/dev', { prompt: 'x', colour: 'red' }, 'extra_forbidden', ['body', 'colour']],
      ['fal-ai/nano-banana', { prompt: 'x', image_size: 'square' }, 'extra_forbidden', ['body', 'image_size']],
      ['fal-ai/nano-banana', { prompt: 'x', aspect_ratio: '7:3' }, 'literal_error', ['body', 'aspect_ratio']],
      [
        'fal-ai/bytedance/seedream/v4/text-to-image',
        { prompt: 'x', image_size: { width: 512, height: 512 } },
        'value_error',
        ['body', 'image_size'],
      ],
      [
        'fal-ai/bytedance/seedream/v4/text-to-image',
        { prompt: 'x', output_format: 'png' },
        'extra_forbidden',
        ['body', 'output_format'],
      ],
      ['fal-ai/nano-banana/edit', { prompt: 'x' }, 'missing', ['body', 'image_urls']],
      [
        'fal-ai/nano-banana/edit',
        { prompt: 'x', image_urls: ['data:image/png;base64,AAAA'] },
        'image_load_error',
        ['body', 'image_urls', 0],
      ],
      ['fal-ai/flux/dev', { prompt: 'x', num_images: 9 }, 'less_than_equal', ['body', 'num_images']],
      ['fal-ai/flux/dev', {}, 'missing', ['body', 'prompt']],
    ];
    for (const [endpoint, input, type, loc] of cases) {
      const app = endpoint.split('/').slice(0, 2).join('/');
      const { request_id: id } = await submit(endpoint, input);
      const st = (await (await call(`/${app}/requests/${id}/status`)).json()) as Record<string, unknown>;
      expect(st, type).toMatchObject({ status: 'COMPLETED', error: expect.any(String), error_type: type });
      const res = await result(app, id);
      expect(res.status, type).toBe(422);
      expect(await res.json()).toEqual({
        detail: [expect.objectContaining({ loc, type, url: `https://docs.fal.ai/errors#${type}` })],
      });
    }
  });

  it('cancels a queued request (202), refuses to cancel a completed one (400 ALREADY_COMPLETED)', async () => {
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 60_000 } });
    const q = await submit('fal-ai/qwen-image', { prompt: 'x' });
    const cancel = await call(`/fal-ai/qwen-image/requests/${q.request_id}/cancel`, { method: 'PUT' });
    expect([cancel.status, await cancel.json()]).toEqual([202, { status: 'CANCELLATION_REQUESTED' }]);
    const again = await call(`/fal-ai/qwen-image/requests/${q.request_id}/cancel`, { method: 'PUT' });
    expect([again.status, await again.json()]).toEqual([400, { status: 'ALREADY_COMPLETED' }]);
  });

  it('answers the faults in fal’s shapes, and keeps a never-finishing request in progress', async () => {
    const arm = (body: Record<string, unknown>) =>
      s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });
    await arm({ fault: 'unpaid' });
    const locked = await call('/fal-ai/flux/dev', { json: { prompt: 'x' } });
    expect([locked.status, ((await locked.json()) as { detail: string }).detail]).toEqual([
      403,
      expect.stringMatching(/^User is locked/),
    ]);
    await arm({ fault: 'server_error', status: 503 });
    const busy = await call('/fal-ai/flux/dev', { json: { prompt: 'x' } });
    expect([busy.status, busy.headers.get('x-fal-error-type')]).toEqual([503, 'runner_scheduling_failure']);
    await arm({ fault: 'task_never_finishes' });
    const stuck = await submit('fal-ai/flux/dev', { prompt: 'x' });
    const st = (await (await call(`/fal-ai/flux/requests/${stuck.request_id}/status`)).json()) as { status: string };
    expect(st.status).toBe('IN_PROGRESS');
    expect((await s.control('/__sim/faults', { json: { channel: CH, fault: 'wrong_duration' } })).status).toBe(400);
  });
});
