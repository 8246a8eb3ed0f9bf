import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KLING_CHANNEL } from '@/sim/channels-kling';
import { SIM_MINIMAX_VIDEO_CHANNEL } from '@/sim/channels-minimax-video';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { upstreamAttempts } from '@/server/db/schema';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import { AppError } from '@/server/errors';
import { LocalFileStore } from '@/server/storage/store';
import { readVideoTest, startVideoTest, type VideoTestTask } from '@/server/upstreams/admin/video-test';
import { flushAttempts } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** The channel test that makes a short video, against the simulated Kling and MiniMax channels. */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
const CHANNELS = [SIM_KLING_CHANNEL, SIM_MINIMAX_VIDEO_CHANNEL];

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: CHANNELS });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, CHANNELS), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-channel-video-test-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  filesDir = path.join(dir, 'files');
  files = new LocalFileStore(filesDir, 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
});

const deps = () => ({ db: t.db, config, files });

/** Reads the task as the console does, every 100 ms, until it ends. */
async function follow(input: { name: string; model: string; task_id: string; duration: number }) {
  const seen: VideoTestTask[] = [];
  for (let i = 0; i < 200; i++) {
    const task = await readVideoTest(deps(), input);
    seen.push(task);
    if (task.ok !== null) return { task, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the test task did not end');
}

describe('the channel test that makes a short video', () => {
  it('creates the shortest video at the lowest resolution, follows it and keeps a verified MP4, recording nothing', async () => {
    await flushAttempts();
    const before = (await t.db.select().from(upstreamAttempts)).length;
    const start = await startVideoTest(t.db, testSecret, { name: 'sim-kling', model: 'kling-v2-5-turbo' });
    expect(start).toMatchObject({
      ok: true,
      model: 'kling-v2-5-turbo',
      family: 'videomodel-2-5-pro-260801',
      duration: 5,
      resolution: '720p',
      call: 'create a 5 s video at 720p from text',
    });
    expect(start.task_id).toMatch(/^text2video\//);
    // One task went to text to video with the model asked; the video's length below shows its 5 seconds.
    const created = sim.sim.requests('sim-kling').filter((r) => r.method === 'POST');
    expect(created.map((r) => [r.path, r.model])).toEqual([['/v1/videos/text2video', 'kling-v2-5-turbo']]);
    const { task, seen } = await follow({
      name: 'sim-kling',
      model: 'kling-v2-5-turbo',
      task_id: start.task_id ?? '',
      duration: 5,
    });
    expect(seen.slice(0, -1).every((s) => s.ok === null && ['queued', 'running'].includes(s.status))).toBe(true);
    expect(task).toMatchObject({ status: 'succeeded', ok: true, error_class: null });
    expect(task.video?.url).toMatch(/^http:\/\/studio\.test\/files\/operator\/channel-tests\/[0-9a-f]{32}\.mp4$/);
    expect(task.video?.duration_s).toBeCloseTo(5, 0);
    const stored = path.join(filesDir, files.keyOf(task.video?.url ?? '') ?? '');
    expect((await inspectMp4File(stored))?.duration).toBeCloseTo(5, 0);
    await flushAttempts();
    expect(await t.db.select().from(upstreamAttempts)).toHaveLength(before);
  });

  it('says in words why a task failed, and when its video is not of the duration asked', async () => {
    await sim.control('/__sim/faults', { json: { channel: 'sim-minimax-video', fault: 'task_failed' } });
    const start = await startVideoTest(t.db, testSecret, { name: 'sim-minimax-video' });
    expect(start).toMatchObject({ ok: true, model: 'MiniMax-Hailuo-02', duration: 6 });
    const failed = await follow({
      name: 'sim-minimax-video',
      task_id: start.task_id ?? '',
      duration: 6,
      model: 'MiniMax-Hailuo-02',
    });
    expect(failed.task).toMatchObject({ status: 'failed', ok: false, video: null });
    expect(failed.task.message).toBeTruthy();

    await sim.control('/__sim/faults', { json: { channel: 'sim-minimax-video', fault: 'wrong_duration' } });
    const again = await startVideoTest(t.db, testSecret, { name: 'sim-minimax-video' });
    const wrong = await follow({
      name: 'sim-minimax-video',
      task_id: again.task_id ?? '',
      duration: 6,
      model: 'MiniMax-Hailuo-02',
    });
    expect(wrong.task).toMatchObject({ status: 'failed', ok: false, error_class: 'bad_output', video: null });
    expect(wrong.task.message).toMatch(/^the video lasts [\d.]+ s, 6 s were asked for/);
  });

  it('answers a refused creation in words, and refuses a channel or model that is not there', async () => {
    await sim.control('/__sim/faults', { json: { channel: 'sim-kling', fault: 'invalid_key' } });
    const refused = await startVideoTest(t.db, testSecret, { name: 'sim-kling' });
    expect(refused).toMatchObject({ ok: false, error_class: 'invalid_key', task_id: null });
    expect(refused.message).toMatch(/^the upstream refused the key/);
    await expect(startVideoTest(t.db, testSecret, { name: 'no-such-channel' })).rejects.toBeInstanceOf(AppError);
    await expect(startVideoTest(t.db, testSecret, { name: 'sim-kling', model: 'kling-v0' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
