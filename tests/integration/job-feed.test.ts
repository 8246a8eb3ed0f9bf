import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { changeAndNotify, finishAndNotify, finishDoneAndNotify, notifyJob } from '@/server/domain/jobs/events';
import { JobFeedHub, latestEventId, replayEvents, type FeedEvent } from '@/server/domain/jobs/feed-hub';
import { createTenant } from '@/server/domain/tenants/tenants';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

async function tenantWithJobs(n: number) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '事件租户',
    credits: 0,
    quota_monthly: 0,
  });
  const rows = await t.db
    .insert(jobs)
    .values(
      Array.from({ length: n }, (_, i) => ({
        tenantId: tenant.id,
        kind: 'image' as const,
        input: { prompt: `第 ${i} 张` },
        credits: 1,
      })),
    )
    .returning();
  const who: ScopedIdentity = { kind: 'tenant', tenantId: tenant.id, via: 'key' };
  return { who, rows };
}

/** A feed as the stream route keeps it: it sends an event only when its id is past the last one sent. */
function feed(hub: JobFeedHub, who: ScopedIdentity) {
  const sent: FeedEvent[] = [];
  let last = 0;
  const send = (e: FeedEvent) => {
    if (e.id <= last) return;
    last = e.id;
    sent.push(e);
  };
  const subscribed = hub.subscribe(who, {
    send,
    recheck: () => Promise.resolve(true),
    catchUp: () => Promise.resolve(),
    end: () => {},
  });
  return { sent, subscribed };
}

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('never held');
}

describe('the job feed log', () => {
  it('gives a tenant’s events ids in commit order, so a feed that has event n has every earlier one', async () => {
    const { who, rows } = await tenantWithJobs(2);
    const [first, second] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const hub = new JobFeedHub(t);
    const listener = feed(hub, who);
    await listener.subscribed;
    const start = await latestEventId(t.db, who);

    // The first job's end is logged inside a transaction that stays open a moment; the second job
    // ends meanwhile in its own statement. The second must not overtake the first.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const slow = t.db.transaction(async (tx) => {
      await tx.update(jobs).set({ status: 'failed', error: '测试' }).where(eq(jobs.id, first.id));
      await notifyJob(tx, { ...first, status: 'failed' });
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const fast = finishAndNotify(t.db, second.id, { status: 'done', cdnUrl: 'http://files/x.png' });
    await new Promise((r) => setTimeout(r, 200));
    release();
    await slow;
    expect(await fast).toBe(true);

    await eventually(() => listener.sent.length === 2);
    expect(listener.sent.map((e) => [e.type, e.job.id])).toEqual([
      ['job.failed', first.id],
      ['job.done', second.id],
    ]);
    expect(listener.sent[0]?.job).toMatchObject({ status: 'failed', error: '测试' });
    // Resuming from the first event gives exactly the second; from the start, both.
    expect((await replayEvents(t.db, who, listener.sent[0]?.id ?? 0)).map((e) => e.job.id)).toEqual([second.id]);
    expect((await replayEvents(t.db, who, start)).map((e) => e.job.id)).toEqual([first.id, second.id]);
  });

  it('ends a job and logs its event together, once', async () => {
    const { who, rows } = await tenantWithJobs(1);
    const job = rows[0] as (typeof rows)[0];
    const before = await latestEventId(t.db, who);
    expect(await finishAndNotify(t.db, job.id, { status: 'done', cdnUrl: 'http://files/y.png' })).toBe(true);
    // Already ended: nothing changes and nothing more is logged.
    expect(await finishAndNotify(t.db, job.id, { status: 'failed', error: 'late' })).toBe(false);
    const events = await replayEvents(t.db, who, before);
    expect(events.map((e) => [e.type, e.job.status])).toEqual([['job.done', 'done']]);
  });

  it('changes a pending job with a leading write in one statement, logged once; the write runs even when the job has ended', async () => {
    const { who, rows } = await tenantWithJobs(2);
    const [job, other] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const before = await latestEventId(t.db, who);
    // The leading write: another job's note, set in the same statement whatever this job's state.
    const noteOther = (text: string) => t.db.update(jobs).set({ note: text }).where(eq(jobs.id, other.id)).getSQL();
    expect(await changeAndNotify(t.db, job.id, { note: '备用通道 1/2' }, noteOther('一'))).toBe(true);
    const [changed] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(changed?.note).toBe('备用通道 1/2');
    expect(changed?.status).toBe('pending');
    const events = await replayEvents(t.db, who, before);
    expect(events.map((e) => [e.type, e.job.id])).toEqual([['job.updated', job.id]]);

    await finishAndNotify(t.db, job.id, { status: 'done', cdnUrl: 'http://files/z.png' });
    const after = await latestEventId(t.db, who);
    expect(await changeAndNotify(t.db, job.id, { note: 'late' }, noteOther('二'))).toBe(false);
    const [ended] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(ended?.note).toBe('备用通道 1/2');
    const [led] = await t.db.select().from(jobs).where(eq(jobs.id, other.id));
    expect(led?.note).toBe('二');
    expect(await replayEvents(t.db, who, after)).toEqual([]);
  });

  it('ends many succeeded jobs of several tenants in one statement, each once, with one event each', async () => {
    const a = await tenantWithJobs(3);
    const b = await tenantWithJobs(2);
    const gone = a.rows[0] as (typeof a.rows)[0];
    await t.db.update(jobs).set({ status: 'failed', error: '已失败' }).where(eq(jobs.id, gone.id));
    const [beforeA, beforeB] = [await latestEventId(t.db, a.who), await latestEventId(t.db, b.who)];
    const finishedAt = new Date(Date.now() - 1000);
    const all = [...a.rows, ...b.rows];
    const ended = await finishDoneAndNotify(
      t.db,
      all.map((r) => ({ id: r.id, cdnUrl: `http://files/${r.id}.png`, finishedAt })),
    );
    // The job that had already failed stays failed and is not announced again.
    expect(ended).toEqual(new Set(all.filter((r) => r.id !== gone.id).map((r) => r.id)));
    const rows = await t.db.select().from(jobs).where(eq(jobs.tenantId, b.who.tenantId));
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'done', cdnUrl: `http://files/${row.id}.png`, note: null, finishedAt });
      expect(row.elapsedMs).toBeGreaterThanOrEqual(0);
    }
    expect((await t.db.select().from(jobs).where(eq(jobs.id, gone.id)))[0]).toMatchObject({
      status: 'failed',
      cdnUrl: null,
    });
    expect((await replayEvents(t.db, a.who, beforeA)).map((e) => [e.type, e.job.id])).toEqual(
      a.rows.slice(1).map((r) => ['job.done', r.id]),
    );
    expect((await replayEvents(t.db, b.who, beforeB)).map((e) => e.type)).toEqual(['job.done', 'job.done']);
    // A second call finds nothing pending: nothing changes, nothing is logged.
    expect(
      await finishDoneAndNotify(
        t.db,
        all.map((r) => ({ id: r.id, cdnUrl: 'http://files/late.png', finishedAt })),
      ),
    ).toEqual(new Set());
    expect(await replayEvents(t.db, b.who, beforeB)).toHaveLength(2);
  });

  it('does not let a batch of ends overtake an earlier open transaction of the same tenant', async () => {
    const { who, rows } = await tenantWithJobs(3);
    const [first, ...rest] = rows as [(typeof rows)[0], ...(typeof rows)[0][]];
    const start = await latestEventId(t.db, who);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const slow = t.db.transaction(async (tx) => {
      await tx.update(jobs).set({ status: 'failed', error: '测试' }).where(eq(jobs.id, first.id));
      await notifyJob(tx, { ...first, status: 'failed' });
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const batch = finishDoneAndNotify(
      t.db,
      rest.map((r) => ({ id: r.id, cdnUrl: `http://files/${r.id}.png`, finishedAt: new Date() })),
    );
    await new Promise((r) => setTimeout(r, 200));
    release();
    await slow;
    expect((await batch).size).toBe(2);
    const events = await replayEvents(t.db, who, start);
    expect(events.map((e) => e.job.id)).toEqual([first.id, ...rest.map((r) => r.id)]);
  });

  it('delivers a burst of announcements in id order', async () => {
    const { who, rows } = await tenantWithJobs(30);
    const hub = new JobFeedHub(t);
    const listener = feed(hub, who);
    await listener.subscribed;
    await Promise.all(
      rows.map((r) => finishAndNotify(t.db, r.id, { status: 'done', cdnUrl: `http://files/${r.id}.png` })),
    );
    await eventually(() => listener.sent.length === rows.length);
    const ids = listener.sent.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(listener.sent.map((e) => e.job.id))).toEqual(new Set(rows.map((r) => r.id)));
  });
});
