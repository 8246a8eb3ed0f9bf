import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, type SimVideoChannel } from './channels';
import { inspectMp4 } from './mp4';
import { parseTextCommands } from './video';
import { startSim, type RunningSim } from './testing';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});

const TASKS = '/api/v3/contents/generations/tasks';

interface Task {
  id: string;
  model: string;
  status: string;
  content?: { video_url: string; last_frame_url?: string };
  error: { code: string; message: string } | null;
  created_at: number;
  updated_at: number;
  usage?: { completion_tokens: number; total_tokens: number };
  duration: number;
  ratio: string;
  resolution: string;
}
interface ArkError {
  error: { code: string; message: string; param: string; type: string };
}

async function create(channel: string, body: Record<string, unknown>): Promise<Response> {
  return s.call(channel, TASKS, { json: body });
}

async function createOk(channel: string, body: Record<string, unknown>): Promise<string> {
  const res = await create(channel, body);
  const json = (await res.json()) as { id?: string } & Partial<ArkError>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  expect(json.id).toMatch(/^cgt-\d{14}-[a-z0-9]{6}$/);
  return json.id ?? '';
}

async function poll(channel: string, id: string): Promise<Task> {
  const res = await s.call(channel, `${TASKS}/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Task;
}

describe('Ark video tasks', () => {
  it('runs a task to success at 0 latency and serves a real MP4 with ranges', async () => {
    const id = await createOk('sim-video-a', {
      model: 'videomodel-2-0-fast-260801',
      content: [{ type: 'text', text: 'a cat walking on a roof --ratio 9:16 --duration 6 --resolution 720p' }],
    });
    const task = await poll('sim-video-a', id);
    expect(task).toMatchObject({ id, model: 'videomodel-2-0-fast-260801', status: 'succeeded', error: null, duration: 6, ratio: '9:16', resolution: '720p' });
    expect(task.usage?.total_tokens).toBeGreaterThan(0);
    const url = task.content?.video_url ?? '';
    expect(url).toMatch(new RegExp(`/__sim/files/${id}\\.mp4$`));

    const video = await fetch(url);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await video.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.length).toBeLessThan(6 * 4 * 1024);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const info = inspectMp4(bytes);
    expect(info.durationSec).toBe(6);
    expect(info.track).toMatchObject({ codec: 'avc1', width: 180, height: 320 });
    // No last frame unless asked for.
    expect(task.content?.last_frame_url).toBeUndefined();
    expect((await fetch(url.replace(/\.mp4$/, '.png'))).status).toBe(404);

    const part = await fetch(url, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe(bytes.subarray(4, 12).toString('latin1'));
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-10))).toBe(true);
    const beyond = await fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    // An invalid range (last before first) is ignored: the whole file.
    const invalid = await fetch(url, { headers: { range: 'bytes=11-4' } });
    expect(invalid.status).toBe(200);
    expect(Buffer.from(await invalid.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('moves queued -> running -> succeeded on the channel latency', async () => {
    await s.control('/__sim/config', { json: { channel: 'sim-video-b', latency_ms: 1500 } });
    try {
      const id = await createOk('sim-video-b', { model: 'vm-20-pro-alt', content: [{ type: 'text', text: 'waves --duration 4' }] });
      const first = await poll('sim-video-b', id);
      expect(first.status).toBe('queued');
      expect(first.content).toBeUndefined();
      await new Promise((r) => setTimeout(r, 600));
      expect((await poll('sim-video-b', id)).status).toBe('running');
      await new Promise((r) => setTimeout(r, 1000));
      const done = await poll('sim-video-b', id);
      expect(done.status).toBe('succeeded');
      expect(done.model).toBe('vm-20-pro-alt');
      expect(done.resolution).toBe('480p');
      expect(done.updated_at).toBeGreaterThanOrEqual(done.created_at);
    } finally {
      await s.control('/__sim/config', { json: { channel: 'sim-video-b', latency_ms: 0 } });
    }
  });

  it('validates duration, resolution, model and roles against the tier', async () => {
    const expectInvalid = async (channel: string, body: Record<string, unknown>, param: string): Promise<void> => {
      const res = await create(channel, body);
      expect(res.status).toBe(400);
      const err = (await res.json()) as ArkError;
      expect(err.error.code).toBe('InvalidParameter');
      expect(err.error.param).toBe(param);
      expect(err.error.message).toMatch(/Request id: [0-9a-f]+$/);
    };
    await expectInvalid('sim-video-a', { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'x --duration 16' }] }, 'duration');
    await expectInvalid('sim-video-a', { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'x --duration 3' }] }, 'duration');
    await expectInvalid('sim-video-a', { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'x --resolution 720p' }] }, 'resolution');
    await expectInvalid('sim-video-a', { model: 'videomodel-H3', content: [{ type: 'text', text: 'x --resolution 1080p' }] }, 'resolution');
    await expectInvalid('sim-video-a', { model: 'videomodel-2-0-fast-260801', content: [{ type: 'text', text: 'x' }], generate_audio: true }, 'generate_audio');
    await expectInvalid(
      'sim-video-a',
      {
        model: 'videomodel-2-0-fast-260801',
        content: [
          { type: 'text', text: 'x' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png' }, role: 'first_frame' },
          { type: 'image_url', image_url: { url: 'https://example.com/b.png' }, role: 'last_frame' },
        ],
      },
      'content.role',
    );
    await expectInvalid(
      'sim-video-a',
      { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'x' }, { type: 'video_url', video_url: { url: 'https://example.com/v.mp4' }, role: 'reference_video' }] },
      'content.role',
    );

    // 30 s is inside the 2.5 tier's range; the 2.5 tier takes every kind of reference.
    await createOk('sim-video-a', {
      model: 'videomodel-2-5-pro-260801',
      generate_audio: true,
      content: [
        { type: 'text', text: 'x --duration 30 --resolution 1080p' },
        { type: 'image_url', image_url: { url: 'https://example.com/a.png' }, role: 'reference_image' },
        { type: 'video_url', video_url: { url: 'https://example.com/v.mp4' }, role: 'reference_video' },
        { type: 'audio_url', audio_url: { url: 'https://example.com/a.mp3' }, role: 'reference_audio' },
      ],
    });
    await createOk('sim-video-a', {
      model: 'videomodel-2-0-pro-260801',
      content: [
        { type: 'text', text: 'x' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' }, role: 'first_frame' },
        { type: 'image_url', image_url: { url: 'https://example.com/b.png' }, role: 'last_frame' },
      ],
    });

    const unknown = await create('sim-video-b', { model: 'videomodel-H3', content: [{ type: 'text', text: 'x' }] });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ArkError).error.code).toBe('InvalidEndpointOrModel.NotFound');
    const missing = await create('sim-video-a', { model: 'videomodel-H3' });
    expect(((await missing.json()) as ArkError).error.code).toBe('MissingParameter');
  });

  it('serves the same tiers under aliases on the second channel', () => {
    const a = SIM_CHANNELS.find((c): c is SimVideoChannel => c.name === 'sim-video-a' && c.adapter === 'ark-video');
    const b = SIM_CHANNELS.find((c): c is SimVideoChannel => c.name === 'sim-video-b' && c.adapter === 'ark-video');
    expect(a?.capabilities.tiers.map((t) => t.tier)).toHaveLength(5);
    for (const tier of b?.capabilities.tiers ?? []) {
      const same = a?.capabilities.tiers.find((t) => t.tier === tier.tier);
      expect(same).toBeDefined();
      expect(tier.model).not.toBe(same?.model);
      expect(tier.durationSec).toEqual(same?.durationSec);
      expect(tier.resolutions).toEqual(same?.resolutions);
    }
  });

  it('lists with filters and pagination, cancels and deletes', async () => {
    const fresh = await startSim({ latencyMs: { 'sim-video-a': 60_000 } });
    try {
      const create2 = (text: string): Promise<Response> =>
        fresh.call('sim-video-a', TASKS, { json: { model: 'videomodel-2-0-mini-260801', content: [{ type: 'text', text }] } });
      const ids: string[] = [];
      for (const t of ['one', 'two', 'three']) ids.push(((await (await create2(t)).json()) as { id: string }).id);
      const page = (await (await fresh.call('sim-video-a', `${TASKS}?page_num=1&page_size=2`)).json()) as { items: Task[]; total: number };
      expect(page.total).toBe(3);
      expect(page.items.map((t) => t.id)).toEqual([ids[2], ids[1]]);
      const queued = (await (await fresh.call('sim-video-a', `${TASKS}?filter.status=queued`)).json()) as { total: number };
      expect(queued.total).toBe(3);

      const del = await fresh.call('sim-video-a', `${TASKS}/${ids[0]}`, { method: 'DELETE' });
      expect(del.status).toBe(200);
      const cancelled = (await (await fresh.call('sim-video-a', `${TASKS}/${ids[0]}`)).json()) as Task;
      expect(cancelled.status).toBe('cancelled');
      const byStatus = (await (await fresh.call('sim-video-a', `${TASKS}?filter.status=cancelled`)).json()) as { items: Task[] };
      expect(byStatus.items.map((t) => t.id)).toEqual([ids[0]]);
      // A cancelled task cannot be cancelled or deleted again.
      const again = await fresh.call('sim-video-a', `${TASKS}/${ids[0]}`, { method: 'DELETE' });
      expect(again.status).toBe(400);
      expect(((await again.json()) as ArkError).error).toMatchObject({ code: 'InvalidParameter', param: 'id' });
      // A finished task is deleted: later reads answer 404.
      await fresh.control('/__sim/config', { json: { channel: 'sim-video-a', latency_ms: 0 } });
      const done = ((await (await create2('four')).json()) as { id: string }).id;
      expect((await fresh.call('sim-video-a', `${TASKS}/${done}`, { method: 'DELETE' })).status).toBe(200);
      const gone = await fresh.call('sim-video-a', `${TASKS}/${done}`);
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as ArkError).error.code).toBe('ResourceNotFound');
      expect(((await (await fresh.call('sim-video-a', TASKS)).json()) as { total: number }).total).toBe(3);
      // Tasks are private to their channel.
      expect((await fresh.call('sim-video-b', `${TASKS}/${ids[1]}`)).status).toBe(404);
      const badFilter = await fresh.call('sim-video-a', `${TASKS}?filter.status=done`);
      expect(badFilter.status).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('posts status callbacks to callback_url', async () => {
    const received: Task[] = [];
    const hook = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Task);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const port = (hook.address() as AddressInfo).port;
    try {
      await s.control('/__sim/config', { json: { channel: 'sim-video-a', latency_ms: 100 } });
      const id = await createOk('sim-video-a', {
        model: 'videomodel-H3',
        callback_url: `http://127.0.0.1:${port}/hook`,
        content: [{ type: 'text', text: 'callback --resolution 768P' }],
      });
      for (let waited = 0; received.length < 2 && waited < 5_000; waited += 25) await new Promise((r) => setTimeout(r, 25));
      expect(received.map((t) => t.status)).toEqual(['running', 'succeeded']);
      expect(received.every((t) => t.id === id)).toBe(true);
    } finally {
      await s.control('/__sim/config', { json: { channel: 'sim-video-a', latency_ms: 0 } });
      await new Promise((r) => hook.close(r));
    }
  });

  it('answers auth failures and unknown paths in the Ark error shape', async () => {
    const res = await fetch(`${s.url}/sim-video-a${TASKS}`, { method: 'POST', body: '{}', headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ArkError).error).toMatchObject({ code: 'AuthenticationError', type: 'Unauthorized' });
    const path = await s.call('sim-video-a', '/api/v3/chat/completions', { json: {} });
    expect(path.status).toBe(404);
  });

  it('parses text commands in long and short form', () => {
    const { prompt, commands } = parseTextCommands('a boat at sea --rt 4:3 --dur 7 --rs 480p --unknown keep');
    expect(prompt).toBe('a boat at sea --unknown keep');
    expect(Object.fromEntries(commands)).toEqual({ ratio: '4:3', duration: '7', resolution: '480p' });
  });
});

interface TaskView {
  id: string;
  channel: string;
  status: string;
  deleted: boolean;
  fault: string | null;
  created_at: string;
  running_at: string;
  done_at: string | null;
  cancelled_at: string | null;
  cancel_requests: { at: string; status: string; result: string }[];
  duration: number;
  output: { duration_s: number; width: number; height: number; mp4: boolean };
}
interface Stats {
  created: number;
  cancelled: number;
  cancel_refused: number;
  deleted: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('video outputs', () => {
  it('serves an MP4 of the requested duration and ratio for every ratio, and the last frame when asked', async () => {
    const frames: Record<string, [number, number]> = { '16:9': [320, 180], '9:16': [180, 320], '1:1': [320, 320], '4:3': [320, 240], '3:4': [240, 320], '21:9': [320, 138] };
    let seconds = 4;
    for (const [ratio, [width, height]] of Object.entries(frames)) {
      seconds += 1;
      const id = await createOk('sim-video-b', {
        model: 'vm-25-pro-alt',
        return_last_frame: true,
        content: [{ type: 'text', text: `a lighthouse --ratio ${ratio} --dur ${seconds}` }],
      });
      const task = await poll('sim-video-b', id);
      expect(task).toMatchObject({ status: 'succeeded', ratio, duration: seconds });
      const bytes = Buffer.from(await (await fetch(task.content?.video_url ?? '')).arrayBuffer());
      const info = inspectMp4(bytes);
      expect(info.durationSec, ratio).toBe(seconds);
      expect(info.track).toMatchObject({ width, height, sampleCount: seconds });

      const frameUrl = task.content?.last_frame_url ?? '';
      expect(frameUrl).toMatch(new RegExp(`/__sim/files/${id}\\.png$`));
      const png = await fetch(frameUrl);
      expect(png.headers.get('content-type')).toBe('image/png');
      const pngBytes = Buffer.from(await png.arrayBuffer());
      expect([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)]).toEqual([width, height]);
    }
    // `adaptive` renders 16:9; the body field takes precedence over the prompt flag.
    const id = await createOk('sim-video-a', { model: 'videomodel-2-5-pro-260801', duration: 30, ratio: '1:1', content: [{ type: 'text', text: 'x --duration 5' }] });
    const info = inspectMp4(Buffer.from(await (await fetch((await poll('sim-video-a', id)).content?.video_url ?? '')).arrayBuffer()));
    expect(info.durationSec).toBe(30);
    expect(info.track).toMatchObject({ width: 320, height: 320 });

    const bad = await create('sim-video-a', { model: 'videomodel-H3', return_last_frame: 'yes', content: [{ type: 'text', text: 'x --rs 768P' }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ArkError).error.param).toBe('return_last_frame');
  });
});

describe('video timing, cancel and task faults', () => {
  let f: RunningSim;
  beforeAll(async () => {
    f = await startSim({ timeoutCapMs: 3_000 });
  });
  afterAll(async () => {
    await f.close();
  });

  const make = async (channel: string, text = 'a quiet street --duration 5', extra: Record<string, unknown> = {}): Promise<string> => {
    const model = channel === 'sim-video-a' ? 'videomodel-2-0-mini-260801' : 'vm-20-mini-alt';
    const res = await f.call(channel, TASKS, { json: { model, content: [{ type: 'text', text }], ...extra } });
    const json = (await res.json()) as { id: string };
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json.id;
  };
  const get = async (channel: string, id: string): Promise<Task> => (await (await f.call(channel, `${TASKS}/${id}`)).json()) as Task;
  const cancel = (channel: string, id: string): Promise<Response> => f.call(channel, `${TASKS}/${id}`, { method: 'DELETE' });
  const view = async (id: string): Promise<TaskView> => (await (await f.control(`/__sim/video-tasks/${id}`)).json()) as TaskView;
  const config = (json: Record<string, unknown>): Promise<Response> => f.control('/__sim/config', { json });
  const arm = (json: Record<string, unknown>): Promise<Response> => f.control('/__sim/faults', { json });

  it('reports and changes per-channel latency, queued share and cancel_running', async () => {
    const cfg = (await (await f.control('/__sim/config')).json()) as { channels: Record<string, Record<string, unknown>> };
    expect(cfg.channels['sim-video-a']).toEqual({ latency_ms: 0, cancel_running: true, queued_percent: 20 });
    expect(cfg.channels['sim-video-b']).toEqual({ latency_ms: 0, cancel_running: false, queued_percent: 20 });
    expect(cfg.channels['sim-chat-a']).toEqual({ latency_ms: 0 });

    const set = await config({ channel: 'sim-video-b', latency_ms: 180_000, queued_percent: 50, cancel_running: true });
    expect(await set.json()).toEqual({ ok: true, channels: { 'sim-video-b': { latency_ms: 180_000, cancel_running: true, queued_percent: 50 } } });
    const id = await make('sim-video-b');
    const v = await view(id);
    expect(v.status).toBe('queued');
    expect(Date.parse(v.running_at) - Date.parse(v.created_at)).toBe(90_000);
    expect(Date.parse(v.done_at ?? '') - Date.parse(v.created_at)).toBe(180_000);

    // Video settings are refused on other channels and validated.
    expect((await config({ channel: 'sim-chat-a', cancel_running: true })).status).toBe(400);
    expect((await config({ channel: 'sim-video-a', queued_percent: 101 })).status).toBe(400);
    expect((await config({ channel: 'sim-video-a', cancel_running: 'yes' })).status).toBe(400);
    // '*' sets latency everywhere and the video settings on video channels only.
    expect((await config({ channel: '*', latency_ms: 5, queued_percent: 10 })).status).toBe(200);
    const after = (await (await f.control('/__sim/config')).json()) as { channels: Record<string, Record<string, unknown>> };
    expect(after.channels['sim-chat-b']).toEqual({ latency_ms: 5 });
    expect(after.channels['sim-video-a']).toMatchObject({ latency_ms: 5, queued_percent: 10 });

    // Reset restores the start-up settings.
    await f.control('/__sim/reset', { method: 'POST' });
    const reset = (await (await f.control('/__sim/config')).json()) as { channels: Record<string, Record<string, unknown>> };
    expect(reset.channels['sim-video-b']).toEqual({ latency_ms: 0, cancel_running: false, queued_percent: 20 });
    expect((await f.control(`/__sim/video-tasks/${id}`)).status).toBe(404);
  });

  it('passes queued -> running -> succeeded over a 300 ms latency', async () => {
    await config({ channel: 'sim-video-a', latency_ms: 300 });
    try {
      const id = await make('sim-video-a');
      const seen: string[] = [];
      for (let i = 0; i < 40 && seen[seen.length - 1] !== 'succeeded'; i += 1) {
        const status = (await get('sim-video-a', id)).status;
        if (seen[seen.length - 1] !== status) seen.push(status);
        await sleep(20);
      }
      expect(seen).toEqual(['queued', 'running', 'succeeded']);
    } finally {
      await config({ channel: 'sim-video-a', latency_ms: 0 });
    }
  });

  it('cancels a queued task on both channels and records it', async () => {
    await config({ channel: '*', latency_ms: 60_000 });
    try {
      for (const channel of ['sim-video-a', 'sim-video-b']) {
        const id = await make(channel);
        expect((await get(channel, id)).status).toBe('queued');
        const res = await cancel(channel, id);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({});
        const t = await get(channel, id);
        expect(t.status).toBe('cancelled');
        expect(t.content).toBeUndefined();
        const v = await view(id);
        expect(v).toMatchObject({ status: 'cancelled', deleted: false, cancel_requests: [{ status: 'queued', result: 'cancelled' }] });
        expect(v.cancelled_at).not.toBeNull();
        // The file never appears.
        expect((await f.control(`/__sim/files/${id}.mp4`)).status).toBe(404);
      }
    } finally {
      await config({ channel: '*', latency_ms: 0 });
    }
  });

  it('refuses to cancel a running task by default (sim-video-b) and cancels it with cancel_running (sim-video-a)', async () => {
    await f.control('/__sim/reset', { method: 'POST' });
    await config({ channel: '*', latency_ms: 60_000, queued_percent: 0 });
    try {
      const b = await make('sim-video-b');
      expect((await get('sim-video-b', b)).status).toBe('running');
      const refused = await cancel('sim-video-b', b);
      expect(refused.status).toBe(400);
      const err = ((await refused.json()) as ArkError).error;
      expect(err).toMatchObject({ code: 'InvalidParameter', param: 'id', type: 'BadRequest' });
      expect(err.message).toMatch(/running task cannot be cancelled/);
      expect((await get('sim-video-b', b)).status).toBe('running');
      expect((await view(b)).cancel_requests).toEqual([{ at: expect.any(String), status: 'running', result: 'refused' }]);

      const a = await make('sim-video-a');
      expect((await get('sim-video-a', a)).status).toBe('running');
      expect((await cancel('sim-video-a', a)).status).toBe(200);
      expect((await get('sim-video-a', a)).status).toBe('cancelled');
      expect((await view(a)).cancel_requests).toEqual([{ at: expect.any(String), status: 'running', result: 'cancelled' }]);

      // Both ways on one channel: switch the setting.
      await config({ channel: 'sim-video-b', cancel_running: true });
      expect((await cancel('sim-video-b', b)).status).toBe(200);
      expect((await get('sim-video-b', b)).status).toBe('cancelled');
      await config({ channel: 'sim-video-a', cancel_running: false });
      const a2 = await make('sim-video-a');
      expect((await cancel('sim-video-a', a2)).status).toBe(400);

      const listed = (await (await f.control('/__sim/video-tasks?channel=sim-video-b&status=cancelled')).json()) as { tasks: TaskView[]; stats: Record<string, Stats> };
      expect(listed.tasks.map((t) => t.id)).toEqual([b]);
      expect(listed.stats).toEqual({ 'sim-video-b': { created: 1, cancelled: 1, cancel_refused: 1, deleted: 0 } });
      const all = (await (await f.control('/__sim/video-tasks')).json()) as { stats: Record<string, Stats> };
      expect(all.stats['sim-video-a']).toMatchObject({ created: 2, cancelled: 1, cancel_refused: 1 });
    } finally {
      await f.control('/__sim/reset', { method: 'POST' });
    }
  });

  it('deletes a finished task: gone from the Ark API, still visible to the control API', async () => {
    const id = await make('sim-video-b');
    expect((await get('sim-video-b', id)).status).toBe('succeeded');
    expect((await cancel('sim-video-b', id)).status).toBe(200);
    expect((await f.call('sim-video-b', `${TASKS}/${id}`)).status).toBe(404);
    expect(await view(id)).toMatchObject({ deleted: true, status: 'succeeded', cancel_requests: [{ status: 'succeeded', result: 'deleted' }] });
    const deleted = (await (await f.control('/__sim/video-tasks?status=deleted')).json()) as { tasks: TaskView[] };
    expect(deleted.tasks.map((t) => t.id)).toContain(id);
    expect((await f.control('/__sim/video-tasks/cgt-nope')).status).toBe(404);
    expect((await f.control('/__sim/video-tasks?status=exploded')).status).toBe(400);
  });

  it('task_never_finishes: the task stays running and never links a file', async () => {
    await arm({ channel: 'sim-video-b', fault: 'task_never_finishes', times: 1 });
    const id = await make('sim-video-b');
    const ok = await make('sim-video-b');
    await sleep(150);
    const t = await get('sim-video-b', id);
    expect(t.status).toBe('running');
    expect(t.content).toBeUndefined();
    expect(t.error).toBeNull();
    expect((await get('sim-video-b', ok)).status).toBe('succeeded');
    expect(await view(id)).toMatchObject({ status: 'running', fault: 'task_never_finishes', done_at: null });
    const running = (await (await f.call('sim-video-b', `${TASKS}?filter.status=running`)).json()) as { items: Task[] };
    expect(running.items.map((i) => i.id)).toEqual([id]);
    // Real semantics on sim-video-b: a running task cannot be cancelled.
    expect((await cancel('sim-video-b', id)).status).toBe(400);
  });

  it('task_failed: the task ends failed with an Ark error object', async () => {
    await arm({ channel: 'sim-video-a', fault: 'task_failed', times: 1 });
    const id = await make('sim-video-a');
    const t = await get('sim-video-a', id);
    expect(t).toMatchObject({ status: 'failed', error: { code: 'InternalServiceError', message: expect.any(String) } });
    expect(t.content).toBeUndefined();
    expect((await f.control(`/__sim/files/${id}.mp4`)).status).toBe(404);
  });

  it('wrong_duration: a real MP4 at least 3 s off the requested duration', async () => {
    await arm({ channel: 'sim-video-a', fault: 'wrong_duration', times: 2 });
    const cases: [number, number][] = [
      [5, 9],
      [10, 6],
    ];
    for (const [asked, got] of cases) {
      const id = await make('sim-video-a', `x --duration ${asked} --ratio 4:3`);
      const t = await get('sim-video-a', id);
      expect(t).toMatchObject({ status: 'succeeded', duration: asked });
      const info = inspectMp4(Buffer.from(await (await fetch(t.content?.video_url ?? '')).arrayBuffer()));
      expect(info.durationSec).toBe(got);
      expect(Math.abs(info.durationSec - asked)).toBeGreaterThanOrEqual(3);
      expect(info.track).toMatchObject({ width: 320, height: 240 });
      expect((await view(id)).output).toEqual({ duration_s: got, width: 320, height: 240, mp4: true });
    }
    // Used up: the next task is right.
    const id = await make('sim-video-a', 'x --duration 5');
    expect(inspectMp4(Buffer.from(await (await fetch((await get('sim-video-a', id)).content?.video_url ?? '')).arrayBuffer())).durationSec).toBe(5);
  });

  it('bad_output: succeeded, but the video_url serves HTML as video/mp4', async () => {
    await arm({ channel: 'sim-video-b', fault: 'bad_output', times: 1 });
    const id = await make('sim-video-b', 'x', { return_last_frame: true });
    const t = await get('sim-video-b', id);
    expect(t.status).toBe('succeeded');
    const res = await fetch(t.content?.video_url ?? '');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString('utf8')).toMatch(/^<!DOCTYPE html>/);
    expect(() => inspectMp4(bytes)).toThrow();
    expect((await view(id)).output.mp4).toBe(false);
  });

  it('timeout: task creation hangs until the client gives up; the new task faults are video-only', async () => {
    await arm({ channel: 'sim-video-a', fault: 'timeout', times: 1 });
    const started = Date.now();
    const res = f.call('sim-video-a', TASKS, {
      json: { model: 'videomodel-H3', content: [{ type: 'text', text: 'x --rs 768P' }] },
      signal: AbortSignal.timeout(300),
    });
    await expect(res).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect((await f.control('/__sim/video-tasks?channel=sim-video-a')).ok).toBe(true);

    for (const fault of ['task_never_finishes', 'wrong_duration', 'task_failed']) {
      expect((await arm({ channel: 'sim-image-a', fault })).status).toBe(400);
    }
    const star = (await (await arm({ channel: '*', fault: 'wrong_duration', times: 1 })).json()) as { faults: { channel: string }[] };
    expect(star.faults.map((x) => x.channel)).toEqual(['sim-video-a', 'sim-video-b']);
    await f.control('/__sim/faults', { method: 'DELETE' });
  });
});
