import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, type SimVideoChannel } from '@/sim/channels';
import { inspectMp4 } from '@/sim/media/mp4-writer';
import { parseTextCommands } from './video-create';
import { VIDEO_FRAMES } from '@/sim/media/video-files';
import { startSim, type RunningSim } from '@/sim/testing';
import { TASKS, taskCalls, type ArkError, type Task } from './video-test-kit';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});
const { create, createOk, poll } = taskCalls(() => s);

describe('Ark video tasks', () => {
  it('runs a task to success at 0 latency and serves a real MP4 with ranges', async () => {
    const id = await createOk('sim-video-a', {
      model: 'videomodel-2-0-fast-260801',
      content: [{ type: 'text', text: 'a cat walking on a roof --ratio 9:16 --duration 6 --resolution 720p' }],
    });
    const task = await poll('sim-video-a', id);
    expect(task).toMatchObject({
      id,
      model: 'videomodel-2-0-fast-260801',
      status: 'succeeded',
      error: null,
      duration: 6,
      ratio: '9:16',
      resolution: '720p',
    });
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
      const id = await createOk('sim-video-b', {
        model: 'vm-20-pro-alt',
        content: [{ type: 'text', text: 'waves --duration 4' }],
      });
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
    await expectInvalid(
      'sim-video-a',
      { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'x --duration 16' }] },
      'duration',
    );
    await expectInvalid(
      'sim-video-a',
      { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'x --duration 3' }] },
      'duration',
    );
    await expectInvalid(
      'sim-video-a',
      { model: 'videomodel-2-0-pro-260801', content: [{ type: 'text', text: 'x --resolution 720p' }] },
      'resolution',
    );
    await expectInvalid(
      'sim-video-a',
      { model: 'videomodel-H3', content: [{ type: 'text', text: 'x --resolution 1080p' }] },
      'resolution',
    );
    await expectInvalid(
      'sim-video-a',
      { model: 'videomodel-2-0-fast-260801', content: [{ type: 'text', text: 'x' }], generate_audio: true },
      'generate_audio',
    );
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
      {
        model: 'videomodel-2-0-pro-260801',
        content: [
          { type: 'text', text: 'x' },
          { type: 'video_url', video_url: { url: 'https://example.com/v.mp4' }, role: 'reference_video' },
        ],
      },
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

  it('has a video frame for every ratio a tier accepts', () => {
    for (const c of SIM_CHANNELS) {
      if (c.adapter !== 'ark-video') continue;
      for (const t of c.capabilities.tiers)
        for (const r of t.ratios) if (r !== 'adaptive') expect(VIDEO_FRAMES[r], `${c.name} ${r}`).toBeDefined();
    }
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
        fresh.call('sim-video-a', TASKS, {
          json: { model: 'videomodel-2-0-mini-260801', content: [{ type: 'text', text }] },
        });
      const ids: string[] = [];
      for (const t of ['one', 'two', 'three']) ids.push(((await (await create2(t)).json()) as { id: string }).id);
      const page = (await (await fresh.call('sim-video-a', `${TASKS}?page_num=1&page_size=2`)).json()) as {
        items: Task[];
        total: number;
      };
      expect(page.total).toBe(3);
      expect(page.items.map((t) => t.id)).toEqual([ids[2], ids[1]]);
      const queued = (await (await fresh.call('sim-video-a', `${TASKS}?filter.status=queued`)).json()) as {
        total: number;
      };
      expect(queued.total).toBe(3);

      const del = await fresh.call('sim-video-a', `${TASKS}/${ids[0]}`, { method: 'DELETE' });
      expect(del.status).toBe(200);
      const cancelled = (await (await fresh.call('sim-video-a', `${TASKS}/${ids[0]}`)).json()) as Task;
      expect(cancelled.status).toBe('cancelled');
      const byStatus = (await (await fresh.call('sim-video-a', `${TASKS}?filter.status=cancelled`)).json()) as {
        items: Task[];
      };
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
      for (let waited = 0; received.length < 2 && waited < 5_000; waited += 25)
        await new Promise((r) => setTimeout(r, 25));
      expect(received.map((t) => t.status)).toEqual(['running', 'succeeded']);
      expect(received.every((t) => t.id === id)).toBe(true);
    } finally {
      await s.control('/__sim/config', { json: { channel: 'sim-video-a', latency_ms: 0 } });
      await new Promise((r) => hook.close(r));
    }
  });

  it('answers auth failures and unknown paths in the Ark error shape', async () => {
    const res = await fetch(`${s.url}/sim-video-a${TASKS}`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: 'Bearer nope' },
    });
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
