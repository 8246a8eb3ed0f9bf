import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simChannelKey } from '@/sim/channel-keys';
import { SIM_MINIMAX_VIDEO_CHANNEL } from '@/sim/channels-minimax-video';
import { startSim, type RunningSim } from '@/sim/testing';
import { NOT_READY_RETRIEVALS } from './minimax-video-tasks';

/**
 * The simulated MiniMax channel answers and refuses as MiniMax's "Video Generation" and "File Management"
 * reference pages say: `base_resp` codes on HTTP 200, a task found by its id, its file by the file id.
 */

const CH = SIM_MINIMAX_VIDEO_CHANNEL.name;
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_MINIMAX_VIDEO_CHANNEL] });
});
afterAll(() => s.close());

interface Answer {
  status: number;
  body: Record<string, unknown> & { base_resp?: { status_code: number; status_msg: string } };
}
async function call(path: string, body?: unknown, key: string | null = simChannelKey(CH)): Promise<Answer> {
  const res = await fetch(`${s.url}/${CH}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
const code = (a: Answer) => a.body.base_resp?.status_code;

describe('the simulated MiniMax video channel', () => {
  it('refuses a missing key with 1004 and a wrong one with 2049, as HTTP 200', async () => {
    const none = await call('/v1/files/list?purpose=video_generation', undefined, null);
    expect([none.status, code(none)]).toEqual([200, 1004]);
    const wrong = await call('/v1/files/list?purpose=video_generation', undefined, 'sk-other');
    expect([wrong.status, code(wrong)]).toEqual([200, 2049]);
    expect(code(await call('/v1/files/list?purpose=images'))).toBe(2013);
    expect((await call('/v1/video_generation/cancel', {})).status).toBe(404);
  });

  it('follows a task to Success, names its file, and knows the file only once the task succeeded', async () => {
    s.sim.setLatency(CH, 300);
    try {
      const created = await call('/v1/video_generation', { model: 'MiniMax-Hailuo-02', prompt: 'x', duration: 6 });
      expect(code(created)).toBe(0);
      const id = String(created.body.task_id);
      const first = await call(`/v1/query/video_generation?task_id=${id}`);
      expect(['Preparing', 'Queueing']).toContain(first.body.status);
      expect(first.body.file_id).toBe('');
      await new Promise((r) => setTimeout(r, 350));
      const done = await call(`/v1/query/video_generation?task_id=${id}`);
      expect(done.body).toMatchObject({ status: 'Success', video_width: 1366, video_height: 768 });
      const file = await call(`/v1/files/retrieve?file_id=${String(done.body.file_id)}`);
      expect(file.body.file).toMatchObject({ purpose: 'video_generation', filename: 'output.mp4' });
      expect(String((file.body.file as { download_url: string }).download_url)).toMatch(/\/__sim\/files\/.+\.mp4$/);
      const listed = await call('/v1/files/list?purpose=video_generation');
      expect(listed.body.files).toHaveLength(1);
    } finally {
      s.sim.setLatency(CH, 0);
    }
    expect(code(await call('/v1/query/video_generation?task_id=1'))).toBe(2013);
    expect(code(await call('/v1/query/video_generation'))).toBe(2013);
    expect(code(await call('/v1/files/retrieve?file_id=1'))).toBe(2013);
  });

  it('under file_not_ready, answers the file without a download URL for its first retrievals', async () => {
    await s.control('/__sim/faults', { json: { channel: CH, fault: 'file_not_ready', times: 1 } });
    const created = await call('/v1/video_generation', { model: 'MiniMax-Hailuo-02', prompt: 'x', duration: 6 });
    await new Promise((r) => setTimeout(r, 20));
    const done = await call(`/v1/query/video_generation?task_id=${String(created.body.task_id)}`);
    expect(done.body.status).toBe('Success');
    const urls: string[] = [];
    for (let i = 0; i <= NOT_READY_RETRIEVALS; i++) {
      const file = await call(`/v1/files/retrieve?file_id=${String(done.body.file_id)}`);
      urls.push((file.body.file as { download_url: string }).download_url);
    }
    expect(urls.slice(0, NOT_READY_RETRIEVALS)).toEqual(Array(NOT_READY_RETRIEVALS).fill(''));
    expect(urls.at(-1)).toMatch(/\.mp4$/);
  });

  it('refuses what the model does not make with 2013', async () => {
    const base = { model: 'MiniMax-Hailuo-2.3-Fast', prompt: 'x', duration: 6 };
    // Text to video on an image-to-video model, a prompt past 2,000 characters, an unknown model.
    expect(code(await call('/v1/video_generation', base))).toBe(2013);
    expect(
      code(await call('/v1/video_generation', { ...base, model: 'MiniMax-Hailuo-02', prompt: 'x'.repeat(2001) })),
    ).toBe(2013);
    expect(code(await call('/v1/video_generation', { ...base, model: 'video-99' }))).toBe(2013);
    expect(code(await call('/v1/video_generation', { ...base, model: 'T2V-01-Director', duration: 10 }))).toBe(2013);
    expect(code(await call('/v1/video_generation', { ...base, first_frame_image: 'https://a.test/f.png' }))).toBe(0);
  });
});
