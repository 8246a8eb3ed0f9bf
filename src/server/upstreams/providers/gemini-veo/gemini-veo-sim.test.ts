import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_GEMINI_VEO_CHANNEL } from '@/sim/channels-gemini-veo';
import { download } from '@/server/upstreams/providers/http';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { geminiVeo } from './gemini-veo';
import { videoSimKit } from '../video-sim-kit';

/**
 * Studio's gemini-veo adapter against the simulated Veo channel: operations, MP4s read with the key,
 * refusals and faults (@google/genai's own calls against the same channel are in gemini-veo-client.test.ts).
 */

const CH = SIM_GEMINI_VEO_CHANNEL.name;
const kit = videoSimKit({ channel: SIM_GEMINI_VEO_CHANNEL, adapter: 'gemini-veo', provider: geminiVeo });
const { target, signal, arm, until, mp4Seconds } = kit;

let frames: Server;
let frameUrl = '';
beforeAll(async () => {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  // Studio's store, serving the caller's frames.
  frames = createServer((req, res) => {
    if (req.url === '/not-an-image.png') return res.end('text');
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((r) => frames.listen(0, '127.0.0.1', r));
  frameUrl = `http://127.0.0.1:${(frames.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => frames.close(r));
});

const VEO31 = 'veo-3.1-generate-preview';
const FAST = 'veo-3.0-fast-generate-001';
const t2v: VideoTaskRequest = { prompt: 'a lighthouse at dusk', duration: 6, ratio: '9:16', resolution: '720p' };

describe('the gemini-veo adapter against the simulator', () => {
  it('starts an operation, follows it until done, and reads an MP4 of the duration with the key only', async () => {
    kit.sim.sim.setLatency(CH, 300);
    try {
      const name = await geminiVeo.create(target(FAST), t2v, signal());
      expect(name).toMatch(/^models\/veo-3\.0-fast-generate-001\/operations\/[a-z0-9]+$/);
      const states = await until(FAST, name);
      expect([...new Set(states.map((x) => x.status))]).toEqual(['running', 'succeeded']);
      const uri = states.at(-1)?.videoUrl ?? null;
      expect(uri).toMatch(/\/v1beta\/files\/[a-z0-9]+:download\?alt=media$/);
      expect(await mp4Seconds(uri, FAST)).toBeCloseTo(6, 0);
      // Without the key the file is not served.
      await expect(download(uri ?? '', signal(), 1024 * 1024)).rejects.toMatchObject({ status: 403 });
    } finally {
      kit.sim.sim.setLatency(CH, 0);
    }
  });

  it('sends a first and a last frame to Veo 3.1 at 1080p, 8 seconds; refuses what a model does not make', async () => {
    const images = [`${frameUrl}/first.png`, `${frameUrl}/last.png`];
    const name = await geminiVeo.create(target(VEO31), { ...t2v, images, resolution: '1080p', duration: 8 }, signal());
    const done = (await until(VEO31, name)).at(-1);
    expect(done?.status).toBe('succeeded');
    expect(await mp4Seconds(done?.videoUrl ?? null, VEO31)).toBeCloseTo(8, 0);
    // Before any call: Veo 3 takes no last frame, makes no 5 s video, and 1080p only at 8 s.
    for (const [req, code] of [
      [{ ...t2v, images }, 'last_frame'],
      [{ ...t2v, duration: 5 }, 'duration'],
      [{ ...t2v, resolution: '1080p' }, 'resolution'],
    ] as const)
      await expect(geminiVeo.create(target(FAST), req, signal())).rejects.toMatchObject({
        errorClass: 'unsupported',
        code,
      });
    await expect(
      geminiVeo.create(target(VEO31), { ...t2v, images: [`${frameUrl}/not-an-image.png`] }, signal()),
    ).rejects.toMatchObject({ errorClass: 'invalid_input' });
    // Veo 2 makes 5 seconds at 720p, and is sent no resolution (it takes none).
    await expect(
      geminiVeo.create({ ...target(VEO31), model: 'veo-2.0-generate-001' }, { ...t2v, duration: 5 }, signal()),
    ).resolves.toMatch(/^models\/veo-2\.0/);
  });

  it('is refused with Google’s error object for a wrong key, and classifies the simulated faults', async () => {
    await expect(geminiVeo.probe(target(FAST), signal())).resolves.toBeUndefined();
    await expect(geminiVeo.create(target(FAST, 'wrong'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
      code: 'API_KEY_INVALID',
    });
    const create = () => geminiVeo.create(target(FAST), t2v, signal());
    await arm({ fault: 'rate_limit', retry_after_s: 3 });
    await expect(create()).rejects.toMatchObject({ errorClass: 'rate_limit', retryAfterMs: 3000 });
    await arm({ fault: 'unpaid' });
    await expect(create()).rejects.toMatchObject({ errorClass: 'unpaid', code: 'FAILED_PRECONDITION' });
    await arm({ fault: 'server_error', status: 503 });
    await expect(create()).rejects.toMatchObject({ errorClass: 'server_error', code: 'UNAVAILABLE' });
  });

  it('carries the task faults: failed, filtered, wrong duration, not an MP4, never done; and has no cancel', async () => {
    const run = async () => (await until(FAST, await geminiVeo.create(target(FAST), t2v, signal()))).at(-1);
    await arm({ fault: 'task_failed', code: 'RESOURCE_EXHAUSTED' });
    const failed = await run();
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'RESOURCE_EXHAUSTED' } });
    expect(geminiVeo.failureClass(failed?.error?.code ?? '')).toBe('rate_limit');
    await arm({ fault: 'content_refused' });
    const filtered = await run();
    expect(filtered).toMatchObject({ status: 'failed', error: { code: 'RAI_MEDIA_FILTERED' } });
    expect(geminiVeo.failureClass(filtered?.error?.code ?? '')).toBe('refused');
    await arm({ fault: 'wrong_duration' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null, FAST)).toBeCloseTo(10, 0);
    await arm({ fault: 'bad_output' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null, FAST)).toBeNull();
    await arm({ fault: 'task_never_finishes' });
    const name = await geminiVeo.create(target(FAST), t2v, signal());
    await new Promise((r) => setTimeout(r, 50));
    expect((await geminiVeo.get(target(FAST), name, signal())).status).toBe('running');
    expect(geminiVeo.cancellable).toBe(false);
    await expect(geminiVeo.cancel(target(FAST), name, signal())).rejects.toMatchObject({ errorClass: 'unsupported' });
  });
});
