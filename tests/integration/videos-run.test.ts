import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { accounts, jobs, tasks, videoTasks } from '@/server/db/schema';
import { getJob } from '@/server/domain/jobs/read';
import { readVideos } from '@/server/domain/videos/read';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import { claim, QUEUES } from '@/server/queue/queue';
import { startVideoLanes, waitFor } from '../helpers/video-reads';
import { videoSuite } from '../helpers/video-suite';

/** Running video tasks: fallback, wrong output, deadlines, cancel, delete, lists, a worker that dies (default channels). */

const H3 = 'videomodel-H3';
const PRO20 = 'videomodel-2-0-pro-260801';
const { w, deps, newTenant, ledgerOf, refusal, simConfig, fault, taskOf, finished } = videoSuite('videos-run');

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
    const [vt] = await w.t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
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
    await w.sim.control('/__sim/faults', { method: 'DELETE' });
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
    w.config.video = { ...w.config.video, deadlinesS: { default: 1 } };
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
    const [vt] = await w.t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    const removed = await removeVideo(deps(), who, { id: sub.id });
    expect(removed).toMatchObject({
      action: 'cancelled',
      task: { job_status: 'failed', state: 'cancelled', error: 'Cancelled by the caller', reason: 'cancelled' },
    });
    const simTask = (await (await w.sim.control(`/__sim/video-tasks/${vt?.upstreamTaskId}`)).json()) as {
      status: string;
    };
    expect(simTask.status).toBe('cancelled');
    expect((await ledgerOf(who.tenantId)).map((l) => [l.kind, l.amount])).toEqual([
      ['adjust', 1000],
      ['charge', -24],
      ['refund', 24],
    ]);
    const callbacks = await w.t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.callback));
    expect(callbacks.some((c) => (c.payload as { jobId: string }).jobId === sub.id)).toBe(true);
    const job = await getJob(w.t.db, who, sub.id);
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
    const key = w.files.keyOf(done.video_url ?? '') ?? '';
    expect(await w.files.size(key)).toBeGreaterThan(0);
    const other = await newTenant();
    expect((await refusal(removeVideo(deps(), other, { id: sub.id }))).status).toBe(404);
    expect(await removeVideo(deps(), who, { id: sub.id })).toEqual({ id: sub.id, action: 'deleted' });
    expect((await refusal(readVideos({ db: w.t.db }, who, { id: sub.id }))).status).toBe(404);
    expect((await refusal(getJob(w.t.db, who, sub.id))).status).toBe(404);
    const list = await readVideos({ db: w.t.db }, who, {});
    expect('tasks' in list && list.tasks.map((x) => x.id)).not.toContain(sub.id);
    expect(await w.files.size(key)).toBeNull();
    expect(await w.files.size(w.files.keyOf(done.cover_url ?? '') ?? '')).toBeNull();
    expect((await ledgerOf(who.tenantId)).map((l) => l.kind)).toEqual(['adjust', 'charge']);
  });

  it('lists newest first with paging and a state filter; visibility per member and tenant', async () => {
    const who = await newTenant();
    const [acct] = await w.t.db
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
      () => readVideos({ db: w.t.db }, who, { 'filter.status': 'running' }),
      (r) => 'total' in r && r.total === 5,
    );
    const page1 = await readVideos({ db: w.t.db }, who, { page_num: 1, page_size: 2 });
    const page3 = await readVideos({ db: w.t.db }, who, { page_num: 3, page_size: 2 });
    expect(page1).toMatchObject({ page_num: 1, page_size: 2, total: 5 });
    expect('tasks' in page1 && page1.tasks.map((x) => x.id)).toEqual([ids[4], ids[3]]);
    expect('tasks' in page3 && page3.tasks.map((x) => x.id)).toEqual([ids[0]]);
    const running = await readVideos({ db: w.t.db }, who, { 'filter.status': 'running' });
    expect(running).toMatchObject({ total: 5 });
    expect(await readVideos({ db: w.t.db }, who, { 'filter.status': 'succeeded' })).toMatchObject({ total: 0 });
    const mine = await readVideos({ db: w.t.db }, member, {});
    expect('tasks' in mine && mine.tasks.map((x) => x.id)).toEqual([ids[4], ids[3]]);
    expect((await refusal(readVideos({ db: w.t.db }, member, { id: ids[0] ?? '' }))).status).toBe(404);
    expect((await refusal(removeVideo(deps(), member, { id: ids[0] ?? '' }))).status).toBe(404);
    const other = await newTenant();
    expect((await refusal(readVideos({ db: w.t.db }, other, { id: ids[4] ?? '' }))).status).toBe(404);
    expect(await readVideos({ db: w.t.db }, other, {})).toMatchObject({ total: 0 });
    for (const id of ids) await removeVideo(deps(), who, { id });
  });

  it('continues a task whose worker died while it was running, charged once', async () => {
    const who = await newTenant();
    await w.worker.stop(1000);
    try {
      const sub = await submitVideo(deps(), who, { prompt: 'crash', model: H3, duration: 4 }, { idempotencyKey: null });
      // A worker claims the task under a short lease and "dies" without finishing.
      const claimed = await claim(w.t.db, [QUEUES.videoJob], 10, 200, 'dead-worker');
      expect(claimed.map((c) => c.payload.jobId)).toContain(sub.id);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      w.worker = await startVideoLanes(w.t, w.config, w.files, 50);
    }
    const [job] = await w.t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.tenantId, who.tenantId), eq(jobs.kind, 'video')));
    const done = await finished(who, job?.id ?? '');
    expect(done.job_status).toBe('done');
    expect((await ledgerOf(who.tenantId)).map((l) => l.kind)).toEqual(['adjust', 'charge']);
  });
});
