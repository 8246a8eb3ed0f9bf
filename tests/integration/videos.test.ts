import { eq } from 'drizzle-orm';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { videoRequestSchema } from '@/contracts/videos';
import { jobs, tasks, usageDaily } from '@/server/db/schema';
import { getJob, jobView } from '@/server/domain/jobs/read';
import { createVideoTemplate } from '@/server/domain/templates/video-templates';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import { submitVideo } from '@/server/domain/videos/submit';
import { QUEUES } from '@/server/queue/queue';
import { videoSuite } from '../helpers/video-suite';

/** Submitting video tasks: what is checked and charged before a task is accepted (on the simulator's default channels). */

const H3 = 'videomodel-H3';
const { w, deps, newTenant, ledgerOf, refusal, taskOf, finished } = videoSuite('videos');

describe('submitting a video', () => {
  it('runs a task end to end: charged once, MP4 of the duration stored with a cover, views without upstream names', async () => {
    const who = await newTenant();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '海边日落 sunset', model: H3, duration: 6, ratio: '9:16' },
      { idempotencyKey: null },
    );
    expect(sub).toMatchObject({ status: 'pending', state: 'queued' });
    expect(sub.task_id).toBe(sub.id);
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: H3,
      duration: 6,
      ratio: '9:16',
      resolution: '768P',
      credits: 36,
    });
    expect(task.video_url).toMatch(/^http:\/\/studio\.test\/files\/.+\/results\/.+\.mp4$/);
    expect(task.cover_url).toMatch(/-cover\.png$/);
    const key = w.files.keyOf(task.video_url ?? '') ?? '';
    const facts = await inspectMp4File(path.join(w.filesDir, key));
    expect(facts?.duration).toBe(6);
    expect(JSON.stringify(task)).not.toMatch(/sim-video|simulator/);
    // The same id is a job of kind video.
    const job = jobView(await getJob(w.t.db, who, sub.id));
    expect(job).toMatchObject({ kind: 'video', status: 'done', cdn_url: task.video_url });
    expect(await ledgerOf(who.tenantId)).toEqual([
      { kind: 'adjust', amount: 1000, category: null },
      { kind: 'charge', amount: -36, category: 'video' },
    ]);
    // Usage rollups count it under video.
    const usage = await w.t.db
      .select({ category: usageDaily.category, credits: usageDaily.credits })
      .from(usageDaily)
      .where(eq(usageDaily.tenantId, who.tenantId));
    expect(usage).toEqual([{ category: 'video', credits: 36 }]);
    // The queue row is gone once the job ended.
    expect(await w.t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.videoJob))).toHaveLength(0);
  });

  it("checks each tier's duration range and resolutions before charging", async () => {
    const who = await newTenant();
    const bounds: [string, number, number, string, string][] = [
      ['videomodel-2-0-pro-260801', 4, 15, '480p', '720p'],
      ['videomodel-2-0-fast-260801', 4, 15, '720p', '1080p'],
      ['videomodel-2-0-mini-260801', 4, 15, '480p', '2K'],
      ['videomodel-2-5-pro-260801', 4, 30, '1080p', '480p'],
      [H3, 4, 15, '2K', '720p'],
    ];
    for (const [model, min, max, good, bad] of bounds) {
      for (const d of [min - 1, max + 1]) {
        const err = await refusal(
          submitVideo(deps(), who, { prompt: 'x', model, duration: d }, { idempotencyKey: null }),
        );
        expect(err.status).toBe(400);
        expect(err.message).toContain(`duration: must be ${min}-${max} seconds`);
      }
      const wrong = await refusal(
        submitVideo(deps(), who, { prompt: 'x', model, duration: min, resolution: bad }, { idempotencyKey: null }),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.message).toMatch(/^resolution: /);
      expect(wrong.message).toContain(good);
      const ok = await submitVideo(
        deps(),
        who,
        { prompt: 'x', model, duration: max, resolution: good },
        { idempotencyKey: null },
      );
      expect(ok.state).toBe('queued');
    }
    const charges = (await ledgerOf(who.tenantId)).filter((l) => l.kind === 'charge');
    expect(charges.map((c) => c.amount)).toEqual([-60, -30, -15, -240, -90]);
  });

  it('picks the tier from duration and resolution when model is omitted', async () => {
    const who = await newTenant();
    const cases: [Record<string, unknown>, string][] = [
      [{ duration: 20 }, 'videomodel-2-5-pro-260801'],
      [{ resolution: '1080p' }, 'videomodel-2-5-pro-260801'],
      [{ resolution: '2K' }, H3],
      [{ resolution: '768P' }, H3],
      [{}, 'videomodel-2-0-fast-260801'],
      [{ resolution: '720p', duration: 10 }, 'videomodel-2-0-fast-260801'],
    ];
    for (const [extra, tier] of cases) {
      const sub = await submitVideo(deps(), who, { prompt: 'x', ...extra }, { idempotencyKey: null });
      const task = await taskOf(who, sub.id);
      expect(task.model).toBe(tier);
    }
  });

  it('accepts 0, 1, 2, 4 and 9 images, refuses 10 at no cost, and refuses wrong media types and foreign files', async () => {
    const who = await newTenant(10_000);
    const img = async (i: number) =>
      w.files.put(`${who.tenantId}/uploads/img-${i}.png`, Buffer.from('png'), 'image/png');
    const urls = await Promise.all(Array.from({ length: 10 }, (_, i) => img(i)));
    const audio = await w.files.put(`${who.tenantId}/uploads/a.mp3`, Buffer.from('mp3'), 'audio/mpeg');
    const video = await w.files.put(`${who.tenantId}/uploads/v.mp4`, Buffer.from('mp4'), 'video/mp4');
    const model = 'videomodel-2-5-pro-260801';
    for (const n of [0, 1, 2, 4, 9]) {
      const sub = await submitVideo(
        deps(),
        who,
        { prompt: 'x', model, images: urls.slice(0, n) },
        { idempotencyKey: null },
      );
      expect((await taskOf(who, sub.id)).images).toHaveLength(n);
    }
    const charged = (await ledgerOf(who.tenantId)).length;
    expect(charged).toBeGreaterThanOrEqual(5);
    expect(videoRequestSchema.safeParse({ prompt: 'x', images: urls }).success).toBe(false);
    const audioAsImage = await refusal(
      submitVideo(deps(), who, { prompt: 'x', model, images: [audio] }, { idempotencyKey: null }),
    );
    expect(audioAsImage.status).toBe(400);
    expect(audioAsImage.message).toMatch(/^images\[0\]: must be an image file.*is an audio file/);
    const imageAsVideo = await refusal(
      submitVideo(deps(), who, { prompt: 'x', model, videos: [urls[0] ?? ''] }, { idempotencyKey: null }),
    );
    expect(imageAsVideo.message).toMatch(/^videos\[0\]: must be a video file/);
    const videoAsAudio = await refusal(
      submitVideo(deps(), who, { prompt: 'x', model, audios: [video] }, { idempotencyKey: null }),
    );
    expect(videoAsAudio.message).toMatch(/^audios\[0\]: must be an audio file/);
    expect(await ledgerOf(who.tenantId)).toHaveLength(charged);
    const other = await newTenant();
    const foreign = await refusal(
      submitVideo(deps(), other, { prompt: 'x', model, images: [urls[0] ?? ''] }, { idempotencyKey: null }),
    );
    expect(foreign.message).toMatch(/only files served by Studio that are yours/);
    expect((await ledgerOf(other.tenantId)).filter((l) => l.kind === 'charge')).toHaveLength(0);
  });

  it('refuses a capability no upstream offers with a 400 that costs nothing', async () => {
    const who = await newTenant();
    const audio = await refusal(
      submitVideo(
        deps(),
        who,
        { prompt: 'x', model: 'videomodel-2-0-fast-260801', generate_audio: true },
        { idempotencyKey: null },
      ),
    );
    expect(audio.status).toBe(400);
    expect(audio.message).toMatch(/No upstream currently available/i);
    expect(audio.message).toMatch(/generated audio/);
    const img = await w.files.put(`${who.tenantId}/uploads/a.png`, Buffer.from('png'), 'image/png');
    const last = await refusal(
      submitVideo(
        deps(),
        who,
        { prompt: 'x', model: 'videomodel-2-0-fast-260801', images: [img, img] },
        { idempotencyKey: null },
      ),
    );
    expect(last.message).toMatch(/last frame/);
    expect((await ledgerOf(who.tenantId)).filter((l) => l.kind === 'charge')).toHaveLength(0);
  });

  it("fills a video template, the template's ratio and duration applying unless the caller gives its own", async () => {
    const who = await newTenant();
    const { template } = await createVideoTemplate({ db: w.t.db, config: w.config }, who, {
      zh_name: '产品展示',
      prompt_template: 'A product shot of {product} turning slowly',
      fields: [{ key: 'product', label: '产品', required: true }],
      generation_configs: [{ ratio: '1:1', duration: 8 }],
    });
    const a = await submitVideo(
      deps(),
      who,
      { template_id: template.id, input: { product: '茶杯' }, model: H3 },
      { idempotencyKey: null },
    );
    const ta = await taskOf(who, a.id);
    expect(ta).toMatchObject({ ratio: '1:1', duration: 8, template_id: template.id });
    const [row] = await w.t.db.select().from(jobs).where(eq(jobs.id, a.id));
    expect((row?.input as { prompt: string }).prompt).toBe('A product shot of 茶杯 turning slowly');
    const b = await submitVideo(
      deps(),
      who,
      { template_id: template.id, input: { product: '茶杯' }, model: H3, ratio: '16:9', duration: 5 },
      { idempotencyKey: null },
    );
    expect(await taskOf(who, b.id)).toMatchObject({ ratio: '16:9', duration: 5 });
  });

  it('answers a replayed Idempotency-Key with the original task, charged once; another body is 409', async () => {
    const who = await newTenant();
    const body = { prompt: 'once', model: H3, duration: 4 };
    const [a, b] = await Promise.all([
      submitVideo(deps(), who, body, { idempotencyKey: 'k1' }),
      submitVideo(deps(), who, body, { idempotencyKey: 'k1' }),
    ]);
    expect(b.id).toBe(a.id);
    const again = await submitVideo(deps(), who, body, { idempotencyKey: 'k1' });
    expect(again.id).toBe(a.id);
    const conflict = await refusal(submitVideo(deps(), who, { ...body, duration: 5 }, { idempotencyKey: 'k1' }));
    expect(conflict.status).toBe(409);
    expect((await ledgerOf(who.tenantId)).filter((l) => l.kind === 'charge')).toHaveLength(1);
  });

  it('limits video submissions per tenant with 429 and Retry-After', async () => {
    const who = await newTenant();
    const saved = w.config.video;
    w.config.video = { ...saved, ratePerHour: 2 };
    try {
      await submitVideo(deps(), who, { prompt: 'a', model: H3 }, { idempotencyKey: null });
      await submitVideo(deps(), who, { prompt: 'b', model: H3 }, { idempotencyKey: null });
      const err = await refusal(submitVideo(deps(), who, { prompt: 'c', model: H3 }, { idempotencyKey: null }));
      expect(err.status).toBe(429);
      expect(err.retryAfter).toBeGreaterThan(0);
      expect((await ledgerOf(who.tenantId)).filter((l) => l.kind === 'charge')).toHaveLength(2);
    } finally {
      w.config.video = saved;
    }
  });
});
