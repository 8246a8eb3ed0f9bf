import { ApiError, GenerateVideosOperation, GoogleGenAI } from '@google/genai';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simChannelKey } from '@/sim/channels';
import { SIM_GEMINI_VEO_CHANNEL } from '@/sim/channels-gemini-veo';
import { startSim, type RunningSim } from '@/sim/testing';
import { inspectMp4File } from '@/server/domain/videos/media-facts';

/** Google's own client, @google/genai 2.32.0 (`generateVideos`, `getVideosOperation`, `files.download`), against the simulated Veo channel. */

const CH = SIM_GEMINI_VEO_CHANNEL.name;
let s: RunningSim;
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-veo-client-'));
beforeAll(async () => {
  s = await startSim({ channels: [SIM_GEMINI_VEO_CHANNEL] });
});
afterAll(() => s.close());

const client = (apiKey = simChannelKey(CH)) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: `${s.url}/${CH}` } });
const arm = async (body: Record<string, unknown>) =>
  expect((await s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } })).status).toBe(200);

async function finished(ai: GoogleGenAI, started: GenerateVideosOperation): Promise<GenerateVideosOperation> {
  let op = started;
  for (let i = 0; i < 100 && !op.done; i++) {
    await new Promise((r) => setTimeout(r, 20));
    op = await ai.operations.getVideosOperation({ operation: op });
  }
  return op;
}

/** Downloads a generated video by its file name (the client reads names from https URIs only; the simulator's are http). */
async function seconds(ai: GoogleGenAI, uri: string | undefined): Promise<number | null> {
  const id = /\/files\/([a-z0-9]+):download/.exec(uri ?? '')?.[1];
  const downloadPath = path.join(dir, `${Math.random()}.mp4`);
  await ai.files.download({ file: `files/${id}`, downloadPath });
  return (await inspectMp4File(downloadPath))?.duration ?? null;
}

const status = (err: unknown) => (err instanceof ApiError ? err.status : err);

describe('@google/genai 2.32.0 against the simulated Veo channel', () => {
  it('generates a video, polls the operation until done, and downloads an MP4 of the duration', async () => {
    s.sim.setLatency(CH, 200);
    try {
      const ai = client();
      const started = await ai.models.generateVideos({
        model: 'veo-3.0-fast-generate-001',
        source: { prompt: 'a paper boat on a river' },
        config: { aspectRatio: '16:9', durationSeconds: 4, resolution: '720p' },
      });
      expect(started.done).toBeFalsy();
      const op = await finished(ai, started);
      expect(op.done).toBe(true);
      const video = op.response?.generatedVideos?.[0]?.video;
      expect(video?.uri).toMatch(/:download\?alt=media$/);
      expect(await seconds(ai, video?.uri)).toBeCloseTo(4, 0);
    } finally {
      s.sim.setLatency(CH, 0);
    }
  });

  it('takes a first and a last frame on Veo 3.1', async () => {
    const ai = client();
    const frame = (
      await sharp({ create: { width: 64, height: 36, channels: 3, background: '#963' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const op = await finished(
      ai,
      await ai.models.generateVideos({
        model: 'veo-3.1-generate-preview',
        source: { prompt: 'from dawn to dusk', image: { imageBytes: frame, mimeType: 'image/png' } },
        config: { durationSeconds: 8, resolution: '1080p', lastFrame: { imageBytes: frame, mimeType: 'image/png' } },
      }),
    );
    expect(await seconds(ai, op.response?.generatedVideos?.[0]?.video?.uri)).toBeCloseTo(8, 0);
  });

  it('raises ApiError for what the API refuses and for the faults; reads a filtered video and a failed operation', async () => {
    const ai = client();
    const generate = (model: string, durationSeconds: number, extra: object = {}) =>
      ai.models.generateVideos({ model, source: { prompt: 'rain' }, config: { durationSeconds, ...extra } });
    expect(await generate('veo-3.0-generate-001', 5).catch(status)).toBe(400);
    expect(await generate('veo-3.0-generate-001', 4, { resolution: '1080p' }).catch(status)).toBe(400);
    expect(await generate('veo-2.0-generate-001', 5, { resolution: '720p' }).catch(status)).toBe(400);
    expect(await generate('veo-9', 8).catch(status)).toBe(404);
    expect(
      await client('wrong')
        .models.generateVideos({ model: 'veo-2.0-generate-001', source: { prompt: 'x' } })
        .catch(status),
    ).toBe(400);
    await arm({ fault: 'rate_limit', retry_after_s: 1 });
    expect(await generate('veo-3.0-generate-001', 8).catch(status)).toBe(429);
    await arm({ fault: 'content_refused' });
    const filtered = await finished(ai, await generate('veo-3.0-generate-001', 8));
    expect(filtered.response?.raiMediaFilteredCount).toBe(1);
    expect(filtered.response?.generatedVideos).toBeUndefined();
    await arm({ fault: 'task_failed' });
    const failed = await finished(ai, await generate('veo-3.0-generate-001', 8));
    expect(failed.error).toMatchObject({ code: 13, status: 'INTERNAL' });
    // A file the key did not make is not served.
    await expect(
      ai.files.download({ file: 'files/0000', downloadPath: path.join(dir, 'none.mp4') }),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
