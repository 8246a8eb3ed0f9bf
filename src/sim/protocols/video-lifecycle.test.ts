import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectMp4 } from '@/sim/media/mp4-writer';
import { startSim, type RunningSim } from '@/sim/testing';
import { sleep, TASKS, taskCalls, type ArkError, type Task } from './video-test-kit';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});
const { create, createOk, poll } = taskCalls(() => s);

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

describe('video outputs', () => {
  it('serves an MP4 of the requested duration and ratio for every ratio, and the last frame when asked', async () => {
    const frames: Record<string, [number, number]> = {
      '16:9': [320, 180],
      '9:16': [180, 320],
      '1:1': [320, 320],
      '4:3': [320, 240],
      '3:4': [240, 320],
      '21:9': [320, 138],
    };
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
    const id = await createOk('sim-video-a', {
      model: 'videomodel-2-5-pro-260801',
      duration: 30,
      ratio: '1:1',
      content: [{ type: 'text', text: 'x --duration 5' }],
    });
    const info = inspectMp4(
      Buffer.from(await (await fetch((await poll('sim-video-a', id)).content?.video_url ?? '')).arrayBuffer()),
    );
    expect(info.durationSec).toBe(30);
    expect(info.track).toMatchObject({ width: 320, height: 320 });

    const bad = await create('sim-video-a', {
      model: 'videomodel-H3',
      return_last_frame: 'yes',
      content: [{ type: 'text', text: 'x --rs 768P' }],
    });
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

  const make = async (
    channel: string,
    text = 'a quiet street --duration 5',
    extra: Record<string, unknown> = {},
  ): Promise<string> => {
    const model = channel === 'sim-video-a' ? 'videomodel-2-0-mini-260801' : 'vm-20-mini-alt';
    const res = await f.call(channel, TASKS, { json: { model, content: [{ type: 'text', text }], ...extra } });
    const json = (await res.json()) as { id: string };
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json.id;
  };
  const get = async (channel: string, id: string): Promise<Task> =>
    (await (await f.call(channel, `${TASKS}/${id}`)).json()) as Task;
  const cancel = (channel: string, id: string): Promise<Response> =>
    f.call(channel, `${TASKS}/${id}`, { method: 'DELETE' });
  const view = async (id: string): Promise<TaskView> =>
    (await (await f.control(`/__sim/video-tasks/${id}`)).json()) as TaskView;
  const config = (json: Record<string, unknown>): Promise<Response> => f.control('/__sim/config', { json });
  const arm = (json: Record<string, unknown>): Promise<Response> => f.control('/__sim/faults', { json });

  it('reports and changes per-channel latency, queued share and cancel_running', async () => {
    const cfg = (await (await f.control('/__sim/config')).json()) as {
      channels: Record<string, Record<string, unknown>>;
    };
    expect(cfg.channels['sim-video-a']).toEqual({ latency_ms: 0, cancel_running: true, queued_percent: 20 });
    expect(cfg.channels['sim-video-b']).toEqual({ latency_ms: 0, cancel_running: false, queued_percent: 20 });
    expect(cfg.channels['sim-chat-a']).toEqual({ latency_ms: 0, chunk_delay_ms: 0 });

    const set = await config({ channel: 'sim-video-b', latency_ms: 180_000, queued_percent: 50, cancel_running: true });
    expect(await set.json()).toEqual({
      ok: true,
      channels: { 'sim-video-b': { latency_ms: 180_000, cancel_running: true, queued_percent: 50 } },
    });
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
    const after = (await (await f.control('/__sim/config')).json()) as {
      channels: Record<string, Record<string, unknown>>;
    };
    expect(after.channels['sim-chat-b']).toEqual({ latency_ms: 5, chunk_delay_ms: 0 });
    expect(after.channels['sim-video-a']).toMatchObject({ latency_ms: 5, queued_percent: 10 });

    const listed = (await (await f.control('/__sim/channels')).json()) as { name: string; cancelRunning?: boolean }[];
    expect(listed.find((c) => c.name === 'sim-video-b')?.cancelRunning).toBe(true);

    // Reset restores the start-up settings.
    await f.control('/__sim/reset', { method: 'POST' });
    const reset = (await (await f.control('/__sim/config')).json()) as {
      channels: Record<string, Record<string, unknown>>;
    };
    expect(reset.channels['sim-video-b']).toEqual({ latency_ms: 0, cancel_running: false, queued_percent: 20 });
    expect((await f.control(`/__sim/video-tasks/${id}`)).status).toBe(404);
  });

  it('passes queued -> running -> succeeded over a 3 s latency', async () => {
    // Long enough that the first read after creating lands in the queued share even on a busy machine.
    await config({ channel: 'sim-video-a', latency_ms: 3000 });
    try {
      const id = await make('sim-video-a');
      const seen: string[] = [];
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && seen[seen.length - 1] !== 'succeeded') {
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
        expect(v).toMatchObject({
          status: 'cancelled',
          deleted: false,
          cancel_requests: [{ status: 'queued', result: 'cancelled' }],
        });
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
      expect((await view(b)).cancel_requests).toEqual([
        { at: expect.any(String), status: 'running', result: 'refused' },
      ]);

      const a = await make('sim-video-a');
      expect((await get('sim-video-a', a)).status).toBe('running');
      expect((await cancel('sim-video-a', a)).status).toBe(200);
      expect((await get('sim-video-a', a)).status).toBe('cancelled');
      expect((await view(a)).cancel_requests).toEqual([
        { at: expect.any(String), status: 'running', result: 'cancelled' },
      ]);

      // Both ways on one channel: switch the setting.
      await config({ channel: 'sim-video-b', cancel_running: true });
      expect((await cancel('sim-video-b', b)).status).toBe(200);
      expect((await get('sim-video-b', b)).status).toBe('cancelled');
      await config({ channel: 'sim-video-a', cancel_running: false });
      const a2 = await make('sim-video-a');
      expect((await cancel('sim-video-a', a2)).status).toBe(400);

      const listed = (await (await f.control('/__sim/video-tasks?channel=sim-video-b&status=cancelled')).json()) as {
        tasks: TaskView[];
        stats: Record<string, Stats>;
      };
      expect(listed.tasks.map((t) => t.id)).toEqual([b]);
      expect(listed.stats).toEqual({ 'sim-video-b': { created: 1, cancelled: 1, cancel_refused: 1, deleted: 0 } });
      const all = (await (await f.control('/__sim/video-tasks')).json()) as { stats: Record<string, Stats> };
      expect(all.stats['sim-video-a']).toMatchObject({ created: 2, cancelled: 1, cancel_refused: 1 });
    } finally {
      await f.control('/__sim/reset', { method: 'POST' });
    }
    // With no task at all the list is empty, not refused.
    const empty = await f.control('/__sim/video-tasks');
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as { tasks: unknown[] }).tasks).toEqual([]);
  });

  it('deletes a finished task: gone from the Ark API, still visible to the control API', async () => {
    const id = await make('sim-video-b');
    expect((await get('sim-video-b', id)).status).toBe('succeeded');
    expect((await cancel('sim-video-b', id)).status).toBe(200);
    expect((await f.call('sim-video-b', `${TASKS}/${id}`)).status).toBe(404);
    expect(await view(id)).toMatchObject({
      deleted: true,
      status: 'succeeded',
      cancel_requests: [{ status: 'succeeded', result: 'deleted' }],
    });
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
    expect(
      inspectMp4(
        Buffer.from(await (await fetch((await get('sim-video-a', id)).content?.video_url ?? '')).arrayBuffer()),
      ).durationSec,
    ).toBe(5);
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
      expect((await arm({ channel: 'sim-video-a', fault, on: 'all' })).status).toBe(400);
    }
    const star = (await (await arm({ channel: '*', fault: 'wrong_duration', times: 1 })).json()) as {
      faults: { channel: string }[];
    };
    expect(star.faults.map((x) => x.channel)).toEqual(['sim-video-a', 'sim-video-b']);
    await f.control('/__sim/faults', { method: 'DELETE' });
  });
});

describe('in-process video settings', () => {
  it('setVideoSettings changes one setting at a time and reset restores them', async () => {
    const f = await startSim();
    try {
      f.sim.setVideoSettings('sim-video-b', { cancelRunning: true });
      f.sim.setVideoSettings('*', { queuedPercent: 0 });
      const cfg = (await (await f.control('/__sim/config')).json()) as {
        channels: Record<string, Record<string, unknown>>;
      };
      expect(cfg.channels['sim-video-b']).toEqual({ latency_ms: 0, cancel_running: true, queued_percent: 0 });
      expect(cfg.channels['sim-video-a']).toEqual({ latency_ms: 0, cancel_running: true, queued_percent: 0 });
      expect(() => f.sim.setVideoSettings('sim-chat-a', { cancelRunning: true })).toThrow();
      expect(() => f.sim.setVideoSettings('sim-video-a', { queuedPercent: 150 })).toThrow();
      f.sim.reset();
      const reset = (await (await f.control('/__sim/config')).json()) as {
        channels: Record<string, Record<string, unknown>>;
      };
      expect(reset.channels['sim-video-b']).toEqual({ latency_ms: 0, cancel_running: false, queued_percent: 20 });
    } finally {
      await f.close();
    }
  });
});
