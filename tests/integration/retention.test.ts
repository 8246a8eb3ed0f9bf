import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetentionSettings } from '@/server/config';
import {
  jobEvents,
  jobs,
  ledgerEntries,
  mailOutbox,
  templates,
  upstreamAttempts,
  upstreams,
  videoTasks,
} from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { getJob, jobView } from '@/server/domain/jobs/read';
import { readVideos } from '@/server/domain/videos/read';
import { inBatches, pruneGrowingTables, pruneJobEvents } from '@/server/domain/retention/prune';
import { expireResultFiles } from '@/server/domain/retention/result-files';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** Retention (docs/operations.md → Retention): old rows and files go, recent ones stay, the ledger is untouched. */
let t: TestDatabase;
let files: FileStore;
const DAY = 24 * 3600_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
const retention: RetentionSettings = {
  jobEventsMs: DAY,
  upstreamAttemptsMs: 30 * DAY,
  mailMs: 30 * DAY,
  idempotencyMs: 2 * DAY,
  resultDays: 365,
  resultDaysByTenant: {},
};

beforeAll(async () => {
  t = await createTestDatabase();
  files = new LocalFileStore(
    path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-retention-')), 'files'),
    'http://files.test',
  );
});
afterAll(async () => {
  await t.close();
});

async function tenant(): Promise<string> {
  const made = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: 'Retention',
    credits: 100,
    quota_monthly: 0,
  });
  return made.tenant.id;
}

/** A finished image job of `tenantId` with its stored result file, finished `age` ago. */
async function doneJob(tenantId: string, age: number, key?: string) {
  const [job] = await t.db
    .insert(jobs)
    .values({
      tenantId,
      kind: 'image',
      status: 'done',
      input: { prompt: 'a lantern' },
      credits: 2,
      idempotencyKey: key ?? null,
      requestHash: key ? 'hash' : null,
      createdAt: ago(age),
      finishedAt: ago(age),
    })
    .returning();
  if (!job) throw new Error('no job');
  const url = await files.put(`${tenantId}/results/${job.id}.png`, Buffer.from('png'), 'image/png');
  await t.db.update(jobs).set({ cdnUrl: url }).where(eq(jobs.id, job.id));
  return { id: job.id, url, key: `${tenantId}/results/${job.id}.png` };
}

const ledgerRows = async () => (await t.db.select().from(ledgerEntries)).length;

describe('retention', () => {
  it('prunes old job events, upstream attempts and done-with mails, and keeps recent ones', async () => {
    const tenantId = await tenant();
    const job = await doneJob(tenantId, 0);
    await t.db.insert(jobEvents).values([
      { tenantId, jobId: job.id, type: 'job.created', at: ago(2 * DAY) },
      { tenantId, jobId: job.id, type: 'job.done', at: ago(60_000) },
    ]);
    const [up] = await t.db
      .insert(upstreams)
      .values({
        name: 'retention-test',
        provider: 'sim',
        adapter: 'openai-images',
        baseUrl: 'http://sim.test',
        keyCiphertext: 'x',
        softTimeoutMs: 1000,
        models: [],
        source: 'console',
      })
      .returning();
    if (!up) throw new Error('no upstream');
    await t.db.insert(upstreamAttempts).values([
      { upstreamId: up.id, family: 'image', startedAt: ago(31 * DAY), durationMs: 5, ok: true },
      { upstreamId: up.id, family: 'image', startedAt: ago(DAY), durationMs: 5, ok: true },
    ]);
    const mail = { to: 'a@example.com', subject: 's', text: 't', html: 'h', locale: 'en', kind: 'alert' as const };
    await t.db.insert(mailOutbox).values([
      { ...mail, subject: 'old sent', status: 'sent', createdAt: ago(31 * DAY) },
      { ...mail, subject: 'old waiting', status: 'stored', createdAt: ago(31 * DAY) },
      { ...mail, subject: 'new sent', status: 'sent', createdAt: ago(DAY) },
    ]);
    const ledger = await ledgerRows();

    expect(await inBatches(() => pruneJobEvents(t.db, retention.jobEventsMs, now))).toBe(1);
    expect(await pruneGrowingTables(t.db, retention, now)).toMatchObject({ upstreamAttempts: 1, mailOutbox: 1 });

    expect((await t.db.select().from(jobEvents).where(eq(jobEvents.jobId, job.id))).map((e) => e.type)).toEqual([
      'job.done',
    ]);
    expect(await t.db.select().from(upstreamAttempts).where(eq(upstreamAttempts.upstreamId, up.id))).toHaveLength(1);
    expect((await t.db.select().from(mailOutbox)).map((m) => m.subject).sort()).toEqual(['new sent', 'old waiting']);
    expect(await ledgerRows()).toBe(ledger);
  });

  it('forgets Idempotency-Keys past the retention and keeps the job', async () => {
    const tenantId = await tenant();
    const old = await doneJob(tenantId, 3 * DAY, 'tenant:old-key');
    const recent = await doneJob(tenantId, 3600_000, 'tenant:new-key');
    await pruneGrowingTables(t.db, retention, now);
    const rows = await t.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [old.id, recent.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old.id)).toMatchObject({ idempotencyKey: null, requestHash: null, status: 'done' });
    expect(byId.get(recent.id)).toMatchObject({ idempotencyKey: 'tenant:new-key', requestHash: 'hash' });
  });

  it('expires old result files, keeps recent and template-referenced ones, and the API says so', async () => {
    const tenantId = await tenant();
    const own = await tenant();
    const old = await doneJob(tenantId, 400 * DAY);
    const recent = await doneJob(tenantId, 10 * DAY);
    const sample = await doneJob(tenantId, 400 * DAY);
    const ownOld = await doneJob(own, 40 * DAY);
    const ownRecent = await doneJob(own, 20 * DAY);
    await t.db.insert(templates).values({
      slug: `retention-${sample.id}`,
      tenantId,
      type: 'image',
      zhName: '样例',
      promptTemplate: 'x',
      sampleImages: [sample.url],
    });
    const ledger = await ledgerRows();

    const expired = await expireResultFiles(t.db, files, { ...retention, resultDaysByTenant: { [own]: 30 } }, now);
    expect(expired).toBe(2);
    for (const gone of [old, ownOld]) {
      expect(await files.size(gone.key)).toBeNull();
      const view = jobView(
        await getJob(t.db, { kind: 'tenant', via: 'key', tenantId: gone === old ? tenantId : own }, gone.id),
      );
      expect(view).toMatchObject({ status: 'done', cdn_url: null, credits: 2 });
      expect(view.result_expired_at).toBe(now.toISOString());
    }
    for (const kept of [recent, sample, ownRecent]) {
      expect(await files.size(kept.key)).toBe(3);
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, kept.id));
      expect(row).toMatchObject({ cdnUrl: kept.url, resultExpiredAt: null });
    }
    // A second run finds nothing more; the ledger never changes.
    expect(await expireResultFiles(t.db, files, { ...retention, resultDaysByTenant: { [own]: 30 } }, now)).toBe(0);
    expect(await ledgerRows()).toBe(ledger);
  });

  it('expires an old video and its cover, and GET /api/videos says when', async () => {
    const tenantId = await tenant();
    const [job] = await t.db
      .insert(jobs)
      .values({
        tenantId,
        kind: 'video',
        status: 'done',
        input: { prompt: 'a lantern' },
        credits: 10,
        createdAt: ago(400 * DAY),
        finishedAt: ago(400 * DAY),
      })
      .returning();
    if (!job) throw new Error('no job');
    const videoKey = `${tenantId}/results/${job.id}.mp4`;
    const coverKey = `${tenantId}/results/${job.id}-cover.png`;
    const videoUrl = await files.put(videoKey, Buffer.from('mp4'), 'video/mp4');
    const coverUrl = await files.put(coverKey, Buffer.from('png'), 'image/png');
    await t.db.update(jobs).set({ cdnUrl: videoUrl }).where(eq(jobs.id, job.id));
    await t.db.insert(videoTasks).values({ id: job.id, tenantId, tier: 'videomodel-H3', state: 'succeeded', coverUrl });
    const who = { kind: 'tenant', via: 'key', tenantId } as const;
    const before = await readVideos({ db: t.db }, who, { id: job.id });
    expect(before).toMatchObject({ task: { video_url: videoUrl, cover_url: coverUrl, result_expired_at: null } });

    expect(await expireResultFiles(t.db, files, retention, now)).toBeGreaterThanOrEqual(1);
    expect(await files.size(videoKey)).toBeNull();
    expect(await files.size(coverKey)).toBeNull();
    const after = await readVideos({ db: t.db }, who, { id: job.id });
    expect(after).toMatchObject({
      task: { state: 'succeeded', video_url: null, cover_url: null, credits: 10, result_expired_at: now.toISOString() },
    });
  });

  it('keeps every result file with a retention of 0 days', async () => {
    const tenantId = await tenant();
    const old = await doneJob(tenantId, 4000 * DAY);
    expect(await expireResultFiles(t.db, files, { ...retention, resultDays: 0 }, now)).toBe(0);
    expect(await files.size(old.key)).toBe(3);
  });
});
