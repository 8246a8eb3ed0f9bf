import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simChannelKey } from '@/sim/channels';
import { SIM_DASHSCOPE_VIDEO_CHANNEL } from '@/sim/channels-dashscope-video';
import { startSim, type RunningSim } from '@/sim/testing';

/**
 * The simulated DashScope video channel refuses what DashScope refuses (Model Studio "Wan - text-to-video
 * API reference", "Wan - image-to-video API reference (first frame)", "Wan - first-and-last-frame to video
 * API reference", read 2026-11), with DashScope's codes.
 */

const CH = SIM_DASHSCOPE_VIDEO_CHANNEL.name;
const T2V = '/api/v1/services/aigc/video-generation/video-synthesis';
const KF2V = '/api/v1/services/aigc/image2video/video-synthesis';
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_DASHSCOPE_VIDEO_CHANNEL] });
});
afterAll(() => s.close());

async function post(path: string, body: unknown, headers: Record<string, string> = { 'x-dashscope-async': 'enable' }) {
  const res = await fetch(`${s.url}/${CH}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${simChannelKey(CH)}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code?: string; message?: string; output?: { task_id: string } },
  };
}

const t2v = {
  model: 'wan2.2-t2v-plus',
  input: { prompt: 'a red kite over the sea' },
  parameters: { size: '832*480', duration: 5 },
};
const i2v = {
  model: 'wan2.2-i2v-plus',
  input: { prompt: 'the kite rises', img_url: 'https://x.test/a.png' },
  parameters: { resolution: '480P', duration: 5 },
};
const kf2v = {
  model: 'wan2.2-kf2v-flash',
  input: { first_frame_url: 'https://x.test/a.png', last_frame_url: 'https://x.test/b.png' },
  parameters: { resolution: '720P', duration: 5 },
};

describe('the simulated DashScope video channel', () => {
  it('creates text-to-video, first-frame and first-and-last-frame tasks, PENDING, read back by id', async () => {
    for (const [path, body] of [
      [T2V, t2v],
      [T2V, i2v],
      [KF2V, kf2v],
    ] as const) {
      const res = await post(path, body);
      expect(res, body.model).toMatchObject({ status: 200, body: { output: { task_status: 'PENDING' } } });
      const got = await fetch(`${s.url}/${CH}/api/v1/tasks/${res.body.output?.task_id}`, {
        headers: { authorization: `Bearer ${simChannelKey(CH)}` },
      });
      const answer = (await got.json()) as { output: { task_id: string; task_status: string; video_url?: string } };
      expect(answer.output.task_id).toBe(res.body.output?.task_id);
      // Latency 0: done at the first read, with its MP4.
      expect(answer.output.task_status).toBe('SUCCEEDED');
      expect(answer.output.video_url).toMatch(/\/__sim\/files\/.+/);
    }
  });

  it.each([
    [
      'size on an image-to-video model',
      T2V,
      { ...i2v, parameters: { ...i2v.parameters, size: '832*480' } },
      'Unknown parameter: parameters.size.',
    ],
    [
      'resolution on a text-to-video model',
      T2V,
      { ...t2v, parameters: { ...t2v.parameters, resolution: '480P' } },
      'Unknown parameter: parameters.resolution.',
    ],
    [
      'a duration the model does not make',
      T2V,
      { ...t2v, parameters: { ...t2v.parameters, duration: 10 } },
      'parameters.duration must be 5 for model wan2.2-t2v-plus.',
    ],
    [
      'a size of a resolution the model does not make',
      T2V,
      { ...t2v, parameters: { ...t2v.parameters, size: '1280*720' } },
      /parameters.size must be one of/,
    ],
    ['a missing img_url', T2V, { ...i2v, input: { prompt: 'x' } }, 'Field required: input.img_url'],
    [
      'a missing last frame',
      KF2V,
      { ...kf2v, input: { first_frame_url: 'https://x.test/a.png' } },
      'Field required: input.last_frame_url',
    ],
    ['an unknown field', T2V, { ...t2v, input: { ...t2v.input, style: 'anime' } }, 'Unknown parameter: input.style.'],
    ['a first-and-last-frame model on the text-to-video path', T2V, kf2v, 'url error, please check url!'],
    ['a text-to-video model on the first-and-last-frame path', KF2V, t2v, 'url error, please check url!'],
    [
      'audio on a model without',
      T2V,
      { ...t2v, parameters: { ...t2v.parameters, audio: true } },
      'Unknown parameter: parameters.audio.',
    ],
  ])('refuses %s with InvalidParameter', async (_name, path, body, message) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidParameter');
    expect(res.body.message).toMatch(message);
  });

  it('takes Wan 2.5’s 10 seconds and soundtrack, and refuses a synchronous call and an unknown model', async () => {
    const wan25 = {
      model: 'wan2.5-t2v-preview',
      input: { prompt: 'waves' },
      parameters: { size: '1920*1080', duration: 10, audio: false },
    };
    expect((await post(T2V, wan25)).status).toBe(200);
    expect(await post(T2V, wan25, {})).toMatchObject({ status: 403, body: { code: 'AccessDenied' } });
    expect(await post(T2V, { ...wan25, model: 'wan9-t2v' })).toMatchObject({
      status: 404,
      body: { code: 'ModelNotFound' },
    });
  });

  it('cancels a PENDING task only, and answers an unknown id as UNKNOWN', async () => {
    s.sim.setLatency(CH, 60_000);
    const auth = { authorization: `Bearer ${simChannelKey(CH)}` };
    const id = (await post(T2V, t2v)).body.output?.task_id;
    const cancel = await fetch(`${s.url}/${CH}/api/v1/tasks/${id}/cancel`, { method: 'POST', headers: auth });
    expect(cancel.status).toBe(200);
    const read = (await (await fetch(`${s.url}/${CH}/api/v1/tasks/${id}`, { headers: auth })).json()) as {
      output: { task_status: string };
    };
    expect(read.output.task_status).toBe('CANCELED');
    const again = await fetch(`${s.url}/${CH}/api/v1/tasks/${id}/cancel`, { method: 'POST', headers: auth });
    expect(((await again.json()) as { code: string }).code).toBe('UnsupportedOperation');
    const unknown = (await (await fetch(`${s.url}/${CH}/api/v1/tasks/nope`, { headers: auth })).json()) as {
      output: { task_status: string };
    };
    expect(unknown.output.task_status).toBe('UNKNOWN');
  });
});
