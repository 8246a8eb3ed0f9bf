import { and, eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import { videoRequestSchema } from '@/contracts/videos';
import type { Config } from '@/server/config';
import { accounts, jobs, ledgerEntries, tasks, upstreams, usageDaily, videoTasks } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';
import { getJob, jobView } from '@/server/domain/jobs/read';
import { createTenant } from '@/server/domain/tenants/tenants';
import { createVideoTemplate } from '@/server/domain/templates/video-templates';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import { readVideos } from '@/server/domain/videos/read';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import { claim, QUEUES } from '@/server/queue/queue';
import type { QueueWorker } from '@/server/queue/worker';
import { LocalFileStore } from '@/server/storage/store';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoLanes, startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;

const H3 = 'videomodel-H3';
const PRO20 = 'videomodel-2-0-pro-260801';

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  ({ config, files, filesDir, worker } = await startVideoWorker(t, 'videos', 50));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
  // eslint-disable-next-line drizzle/enforce-update-with-where
  await t.db.update(upstreams).set({ enabled: true, removedReason: null, removedAt: null });
  invalidateCandidates(t.db);
  config.video = { ...config.video, deadlinesS: { default: 1200 } };
});

async function newTenant(credits = 1000): Promise<ScopedIdentity & { kind: 'tenant' }> {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '视频租户',
    credits,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
}

const deps = () => ({ db: t.db, config, files });

async function ledgerOf(tenantId: string) {
  return t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, category: ledgerEntries.category })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, tenantId))
    .orderBy(ledgerEntries.id);
}

const { taskOf, finished } = videoReads(() => t.db);

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function simConfig(body: Record<string, unknown>) {
  const res = await sim.control('/__sim/config', { json: body });
  expect(res.status).toBe(200);
}

async function fault(channel: string, kind: string, times?: number, on?: string) {
  const res = await sim.control('/__sim/faults', {
    json: { channel, fault: kind, ...(times ? { times } : {}), ...(on ? { on } : {}) },
  });
  expect(res.status).toBe(200);
}

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
    const key = files.keyOf(task.video_url ?? '') ?? '';
    const facts = await inspectMp4File(path.join(filesDir, key));
    expect(facts?.duration).toBe(6);
    expect(JSON.stringify(task)).not.toMatch(/sim-video|simulator/);
    // The same id is a job of kind video.
    const job = jobView(await getJob(t.db, who, sub.id));
    expect(job).toMatchObject({ kind: 'video', status: 'done', cdn_url: task.video_url });
    expect(await ledgerOf(who.tenantId)).toEqual([
      { kind: 'adjust', amount: 1000, category: null },
      { kind: 'charge', amount: -36, category: 'video' },
    ]);
    // Usage rollups count it under video.
    const usage = await t.db
      .select({ category: usageDaily.category, credits: usageDaily.credits })
      .from(usageDaily)
      .where(eq(usageDaily.tenantId, who.tenantId));
    expect(usage).toEqual([{ category: 'video', credits: 36 }]);
    // The queue row is gone once the job ended.
    expect(await t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.videoJob))).toHaveLength(0);
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
    const img = async (i: number) => files.put(`${who.tenantId}/uploads/img-${i}.png`, Buffer.from('png'), 'image/png');
    const urls = await Promise.all(Array.from({ length: 10 }, (_, i) => img(i)));
    const audio = await files.put(`${who.tenantId}/uploads/a.mp3`, Buffer.from('mp3'), 'audio/mpeg');
    const video = await files.put(`${who.tenantId}/uploads/v.mp4`, Buffer.from('mp4'), 'video/mp4');
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
    const img = await files.put(`${who.tenantId}/uploads/a.png`, Buffer.from('png'), 'image/png');
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
    const { template } = await createVideoTemplate({ db: t.db, config }, who, {
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
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, a.id));
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
    const saved = config.video;
    config.video = { ...saved, ratePerHour: 2 };
    try {
      await submitVideo(deps(), who, { prompt: 'a', model: H3 }, { idempotencyKey: null });
      await submitVideo(deps(), who, { prompt: 'b', model: H3 }, { idempotencyKey: null });
      const err = await refusal(submitVideo(deps(), who, { prompt: 'c', model: H3 }, { idempotencyKey: null }));
      expect(err.status).toBe(429);
      expect(err.retryAfter).toBeGreaterThan(0);
      expect((await ledgerOf(who.tenantId)).filter((l) => l.kind === 'charge')).toHaveLength(2);
    } finally {
      config.video = saved;
    }
  });
});

describe('running a video', () => {
  it('falls back to the next upstream of the same tier under its alias, with the note shown while pending', async () => {
    const who = await newTenant();
    await fault('sim-video-a', 'server_error');
    await simConfig({ channel: 'sim-video-b', latency_ms: 1500 });
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'fallback', model: PRO20, duration: 5 },
      { idempotencyKey: null },
    );
    const pending = await waitFor(
      () => taskOf(who, sub.id),
      (v) => v.note !== null,
      5000,
    );
    expect(pending.job_status).toBe('pending');
    expect(pending.note).toMatch(/backup channel 1\/1/);
    const done = await finished(who, sub.id);
    expect(done).toMatchObject({ job_status: 'done', state: 'succeeded', model: PRO20, note: null });
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(vt).toMatchObject({ channel: 'sim-video-b', upstreamModel: 'vm-20-pro-alt', tier: PRO20 });
  });

  it('counts a video of the wrong duration as a failed upstream and moves to the next one', async () => {
    const who = await newTenant();
    await fault('sim-video-a', 'wrong_duration');
    await fault('sim-video-b', 'wrong_duration');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'wrong', model: PRO20, duration: 5 },
      { idempotencyKey: null },
    );
    const done = await finished(who, sub.id);
    expect(done).toMatchObject({ job_status: 'failed', reason: 'upstream_error' });
    expect(done.error).toMatch(/unusable result/);
    expect(await ledgerOf(who.tenantId)).toEqual([
      { kind: 'adjust', amount: 1000, category: null },
      { kind: 'charge', amount: -20, category: 'video' },
      { kind: 'refund', amount: 20, category: 'video' },
    ]);
    await sim.control('/__sim/faults', { method: 'DELETE' });
    await fault('sim-video-a', 'wrong_duration');
    const ok = await submitVideo(
      deps(),
      who,
      { prompt: 'wrong once', model: PRO20, duration: 5 },
      { idempotencyKey: null },
    );
    const fine = await finished(who, ok.id);
    expect(fine.job_status).toBe('done');
  });

  it('fails with a time-out and refunds a task that makes no progress past its deadline', async () => {
    const who = await newTenant();
    config.video = { ...config.video, deadlinesS: { default: 1 } };
    await fault('sim-video-a', 'task_never_finishes');
    const sub = await submitVideo(deps(), who, { prompt: 'forever', model: H3, duration: 4 }, { idempotencyKey: null });
    const done = await finished(who, sub.id, 10_000);
    expect(done).toMatchObject({ job_status: 'failed', state: 'failed', reason: 'timeout' });
    expect(done.error).toMatch(/Timed out/);
    expect((await ledgerOf(who.tenantId)).map((l) => l.kind)).toEqual(['adjust', 'charge', 'refund']);
  });

  it('cancels a running task: upstream cancelled, refunded in full, callback queued, job failed', async () => {
    const who = await newTenant();
    await simConfig({ channel: 'sim-video-a', latency_ms: 60_000, queued_percent: 0 });
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'cancel me', model: H3, duration: 4, callback_url: 'http://127.0.0.1:9/cb' },
      { idempotencyKey: null },
    );
    const running = await waitFor(
      () => taskOf(who, sub.id),
      (v) => v.state === 'running',
    );
    expect(running.state).toBe('running');
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    const removed = await removeVideo(deps(), who, { id: sub.id });
    expect(removed).toMatchObject({
      action: 'cancelled',
      task: { job_status: 'failed', state: 'cancelled', error: 'Cancelled by the caller', reason: 'cancelled' },
    });
    const simTask = (await (await sim.control(`/__sim/video-tasks/${vt?.upstreamTaskId}`)).json()) as {
      status: string;
    };
    expect(simTask.status).toBe('cancelled');
    expect((await ledgerOf(who.tenantId)).map((l) => [l.kind, l.amount])).toEqual([
      ['adjust', 1000],
      ['charge', -24],
      ['refund', 24],
    ]);
    const callbacks = await t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.callback));
    expect(callbacks.some((c) => (c.payload as { jobId: string }).jobId === sub.id)).toBe(true);
    const job = await getJob(t.db, who, sub.id);
    expect(job.status).toBe('failed');
    // A second DELETE deletes the finished (cancelled) task; the refund is not repeated.
    expect(await removeVideo(deps(), who, { id: sub.id })).toEqual({ id: sub.id, action: 'deleted' });
    expect((await ledgerOf(who.tenantId)).filter((l) => l.kind === 'refund')).toHaveLength(1);
  });

  it('deletes a finished task: gone from reads and lists, files removed, ledger kept', async () => {
    const who = await newTenant();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'delete me', model: H3, duration: 4 },
      { idempotencyKey: null },
    );
    const done = await finished(who, sub.id);
    const key = files.keyOf(done.video_url ?? '') ?? '';
    expect(await files.size(key)).toBeGreaterThan(0);
    const other = await newTenant();
    expect((await refusal(removeVideo(deps(), other, { id: sub.id }))).status).toBe(404);
    expect(await removeVideo(deps(), who, { id: sub.id })).toEqual({ id: sub.id, action: 'deleted' });
    expect((await refusal(readVideos({ db: t.db }, who, { id: sub.id }))).status).toBe(404);
    expect((await refusal(getJob(t.db, who, sub.id))).status).toBe(404);
    const list = await readVideos({ db: t.db }, who, {});
    expect('tasks' in list && list.tasks.map((x) => x.id)).not.toContain(sub.id);
    expect(await files.size(key)).toBeNull();
    expect(await files.size(files.keyOf(done.cover_url ?? '') ?? '')).toBeNull();
    expect((await ledgerOf(who.tenantId)).map((l) => l.kind)).toEqual(['adjust', 'charge']);
  });

  it('lists newest first with paging and a state filter; visibility per member and tenant', async () => {
    const who = await newTenant();
    const [acct] = await t.db
      .insert(accounts)
      .values({ tenantId: who.tenantId, email: 'm@x.test', nickname: 'm', shared: true, credits: 0 })
      .returning();
    if (!acct) throw new Error('no account');
    const member: ScopedIdentity = { kind: 'member', tenantId: who.tenantId, accountId: acct.id };
    await simConfig({ channel: 'sim-video-a', latency_ms: 60_000, queued_percent: 0 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (
          await submitVideo(
            deps(),
            i < 3 ? who : member,
            { prompt: `p${i}`, model: H3, duration: 4 },
            { idempotencyKey: null },
          )
        ).id,
      );
    await waitFor(
      () => readVideos({ db: t.db }, who, { 'filter.status': 'running' }),
      (r) => 'total' in r && r.total === 5,
    );
    const page1 = await readVideos({ db: t.db }, who, { page_num: 1, page_size: 2 });
    const page3 = await readVideos({ db: t.db }, who, { page_num: 3, page_size: 2 });
    expect(page1).toMatchObject({ page_num: 1, page_size: 2, total: 5 });
    expect('tasks' in page1 && page1.tasks.map((x) => x.id)).toEqual([ids[4], ids[3]]);
    expect('tasks' in page3 && page3.tasks.map((x) => x.id)).toEqual([ids[0]]);
    const running = await readVideos({ db: t.db }, who, { 'filter.status': 'running' });
    expect(running).toMatchObject({ total: 5 });
    expect(await readVideos({ db: t.db }, who, { 'filter.status': 'succeeded' })).toMatchObject({ total: 0 });
    const mine = await readVideos({ db: t.db }, member, {});
    expect('tasks' in mine && mine.tasks.map((x) => x.id)).toEqual([ids[4], ids[3]]);
    expect((await refusal(readVideos({ db: t.db }, member, { id: ids[0] ?? '' }))).status).toBe(404);
    expect((await refusal(removeVideo(deps(), member, { id: ids[0] ?? '' }))).status).toBe(404);
    const other = await newTenant();
    expect((await refusal(readVideos({ db: t.db }, other, { id: ids[4] ?? '' }))).status).toBe(404);
    expect(await readVideos({ db: t.db }, other, {})).toMatchObject({ total: 0 });
    for (const id of ids) await removeVideo(deps(), who, { id });
  });

  it('continues a task whose worker died while it was running, charged once', async () => {
    const who = await newTenant();
    await worker.stop(1000);
    try {
      const sub = await submitVideo(deps(), who, { prompt: 'crash', model: H3, duration: 4 }, { idempotencyKey: null });
      // A worker claims the task under a short lease and "dies" without finishing.
      const claimed = await claim(t.db, [QUEUES.videoJob], 10, 200, 'dead-worker');
      expect(claimed.map((c) => c.payload.jobId)).toContain(sub.id);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      worker = await startVideoLanes(t, config, files, 50);
    }
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenantId, who.tenantId), eq(jobs.kind, 'video')));
    const done = await finished(who, job?.id ?? '');
    expect(done.job_status).toBe('done');
    expect((await ledgerOf(who.tenantId)).map((l) => l.kind)).toEqual(['adjust', 'charge']);
  });
});
