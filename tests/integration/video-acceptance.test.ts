import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_DASHSCOPE_VIDEO_CHANNEL } from '@/sim/channels-dashscope-video';
import { SIM_GEMINI_VEO_CHANNEL } from '@/sim/channels-gemini-veo';
import { SIM_KLING_CHANNEL } from '@/sim/channels-kling';
import { SIM_MINIMAX_VIDEO_CHANNEL } from '@/sim/channels-minimax-video';
import type { SimChannel } from '@/sim/channels';
import { videoFrameSize } from '@/sim/media/video-files';
import { startSim, type RunningSim } from '@/sim/testing';
import type { VideoRequestBody } from '@/contracts/videos';
import type { Config } from '@/server/config';
import { tenants, videoTasks } from '@/server/db/schema';
import { createVideoTemplate, listVideoTemplates } from '@/server/domain/templates/video-templates';
import { videoPrice } from '@/server/domain/videos/types';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoWorker, videoReads } from '../helpers/video-reads';
import { ledgerOf, newVideoTenant, storedMp4Seconds } from '../helpers/video-tenant';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * Acceptance of the video protocols: a text-to-video, a first-and-last-frame and a template video each end
 * done on Kling, MiniMax, DashScope (Wan) and Veo channels of the simulator, all four in one fleet. Each task's
 * tenant is bound to the channel under test, so routing cannot pick another. Each is verified as a caller
 * would: a stored MP4 within 1 s of the duration asked for, the price charged once, and a cover.
 */

const PRO25 = 'videomodel-2-5-pro-260801';
const PRO20 = 'videomodel-2-0-pro-260801';
const H3 = 'videomodel-H3';
type Ask = Pick<VideoRequestBody, 'model' | 'duration' | 'resolution'>;
interface Protocol {
  channel: SimChannel;
  /** The provider-side model of each case, as the task's row records it. */
  textToVideo: Ask & { upstream: string };
  frames: Ask & { upstream: string };
  template: Ask & { duration: number; upstream: string };
}
const PROTOCOLS: Protocol[] = [
  {
    channel: SIM_KLING_CHANNEL,
    textToVideo: { model: PRO25, duration: 5, resolution: '720p', upstream: 'kling-v2-5-turbo' },
    // Kling takes a last frame in pro mode only: 1080p.
    frames: { model: PRO25, duration: 10, resolution: '1080p', upstream: 'kling-v2-5-turbo' },
    template: { model: PRO25, duration: 10, resolution: '720p', upstream: 'kling-v2-5-turbo' },
  },
  {
    channel: SIM_MINIMAX_VIDEO_CHANNEL,
    textToVideo: { model: H3, duration: 6, resolution: '768P', upstream: 'MiniMax-Hailuo-02' },
    frames: { model: H3, duration: 6, resolution: '768P', upstream: 'MiniMax-Hailuo-02' },
    template: { model: H3, duration: 10, resolution: '768P', upstream: 'MiniMax-Hailuo-02' },
  },
  {
    channel: SIM_DASHSCOPE_VIDEO_CHANNEL,
    textToVideo: { model: PRO25, duration: 10, resolution: '1080p', upstream: 'wan2.5-t2v-preview' },
    frames: { model: PRO20, duration: 5, resolution: '480p', upstream: 'wan2.2-t2v-plus' },
    template: { model: PRO20, duration: 5, resolution: '480p', upstream: 'wan2.2-t2v-plus' },
  },
  {
    channel: SIM_GEMINI_VEO_CHANNEL,
    // Veo makes 1080p at 8 seconds only.
    textToVideo: { model: PRO25, duration: 8, resolution: '1080p', upstream: 'veo-3.1-generate-preview' },
    frames: { model: PRO25, duration: 6, resolution: '720p', upstream: 'veo-3.1-generate-preview' },
    template: { model: PRO25, duration: 4, resolution: '720p', upstream: 'veo-3.1-generate-preview' },
  },
];
const CHANNELS = PROTOCOLS.map((p) => p.channel);

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;
let closeFiles: () => Promise<void>;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: CHANNELS });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, CHANNELS), 'simulator');
  ({ config, files, filesDir, worker, closeFiles } = await startVideoWorker(t, 'acceptance', 12, true));
});
afterAll(async () => {
  await worker.stop(1000);
  await closeFiles();
  await sim.close();
  await t.close();
});

const deps = () => ({ db: t.db, config, files });
const { finished } = videoReads(() => t.db);

/** A tenant bound to one channel: every task it submits runs there or nowhere. */
async function boundTenant(channel: string, label: string) {
  const who = await newVideoTenant(t.db, `${label} ${channel}`);
  await t.db.update(tenants).set({ boundModel: channel }).where(eq(tenants.id, who.tenantId));
  return who;
}

/** A real PNG frame in the tenant's uploads (Veo reads the bytes; the others the address). */
async function frame(tenantId: string, name: string, colour: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 36, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return files.put(`${tenantId}/uploads/${name}.png`, png, 'image/png');
}

/** Runs a submitted task to its end and checks what its caller sees: done, the MP4, one charge, a cover. */
async function verify(
  p: Protocol,
  who: Awaited<ReturnType<typeof boundTenant>>,
  id: string,
  want: Ask & { duration: number; upstream: string; ratio: string },
) {
  const task = await finished(who, id, 30_000);
  expect(task, `${p.channel.name}: ${task.error ?? ''}`).toMatchObject({
    job_status: 'done',
    state: 'succeeded',
    model: want.model,
    duration: want.duration,
    ratio: want.ratio,
  });
  const seconds = await storedMp4Seconds(files, filesDir, task.video_url);
  expect(Math.abs((seconds ?? Infinity) - want.duration), p.channel.name).toBeLessThanOrEqual(1);
  const [row] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, id));
  expect(row, p.channel.name).toMatchObject({ channel: p.channel.name, upstreamModel: want.upstream });
  const price = videoPrice(config.prices.video, String(want.model), want.duration);
  expect(await ledgerOf(t.db, who.tenantId), p.channel.name).toEqual([
    ['adjust', 1000],
    ['charge', -price],
  ]);
  // A cover always: the provider's last frame, or the video's own first frame at the video's size.
  expect(task.cover_url, p.channel.name).toMatch(new RegExp(`/${id}-cover\\.(jpg|png|webp)$`));
  const cover = await readFile(path.join(filesDir, files.keyOf(task.cover_url ?? '') ?? 'missing'));
  const meta = await sharp(cover).metadata();
  expect(['jpeg', 'png', 'webp'], p.channel.name).toContain(meta.format);
  if (meta.format === 'jpeg')
    expect({ width: meta.width, height: meta.height }, p.channel.name).toEqual(videoFrameSize(want.ratio));
}

describe('video acceptance across protocols', () => {
  it.each(PROTOCOLS.map((p) => [p.channel.adapter, p] as const))(
    'a text-to-video task ends done on %s',
    async (_, p) => {
      const who = await boundTenant(p.channel.name, 'text');
      const { upstream, ...ask } = p.textToVideo;
      const sub = await submitVideo(
        deps(),
        who,
        { prompt: '雨中的霓虹街道 neon street in the rain', ratio: '16:9', ...ask },
        { idempotencyKey: null },
      );
      await verify(p, who, sub.id, { ...ask, duration: ask.duration ?? 0, upstream, ratio: '16:9' });
    },
  );

  it.each(PROTOCOLS.map((p) => [p.channel.adapter, p] as const))(
    'a first-and-last-frame task ends done on %s',
    async (_, p) => {
      const who = await boundTenant(p.channel.name, 'frames');
      const images = [await frame(who.tenantId, 'first', '#203040'), await frame(who.tenantId, 'last', '#e0c080')];
      const { upstream, ...ask } = p.frames;
      const sub = await submitVideo(
        deps(),
        who,
        { prompt: '花开 a flower opens', ratio: '16:9', images, ...ask },
        { idempotencyKey: null },
      );
      await verify(p, who, sub.id, { ...ask, duration: ask.duration ?? 0, upstream, ratio: '16:9' });
    },
  );

  it.each(PROTOCOLS.map((p) => [p.channel.adapter, p] as const))(
    'a video template’s task ends done on %s, at the template’s ratio and duration',
    async (_, p) => {
      const who = await boundTenant(p.channel.name, 'template');
      const { upstream, duration, ...ask } = p.template;
      // MiniMax makes the ratio of its resolution only; Veo makes 16:9 and 9:16.
      const ratio = p.channel.adapter === 'minimax-video' ? '16:9' : '9:16';
      const { template } = await createVideoTemplate({ db: t.db, config }, who, {
        zh_name: `产品展示 ${p.channel.adapter}`,
        prompt_template: 'A product shot of {product} turning slowly',
        fields: [{ key: 'product', label: '产品', required: true }],
        generation_configs: [{ ratio, duration }],
      });
      // GET /api/video-templates lists it for its tenant.
      const listed = await listVideoTemplates({ db: t.db, config }, who, { source: 'all' });
      expect(listed.templates.map((x) => x.id)).toContain(template.id);
      const sub = await submitVideo(
        deps(),
        who,
        { template_id: template.id, input: { product: '茶杯' }, model: ask.model, resolution: ask.resolution },
        { idempotencyKey: null },
      );
      await verify(p, who, sub.id, { ...ask, duration, upstream, ratio });
    },
  );
});
