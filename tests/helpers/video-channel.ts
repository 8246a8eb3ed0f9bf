import { eq } from 'drizzle-orm';
import path from 'node:path';
import type { Db } from '@/server/db/client';
import { ledgerEntries, videoTasks } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import type { LocalFileStore } from '@/server/storage/store';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SimChannel } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import type { QueueWorker } from '@/server/queue/worker';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from './test-db';
import { startVideoWorker, videoReads } from './video-reads';
import { ledgerOf, newVideoTenant, storedMp4Seconds } from './video-tenant';

/**
 * What a test of one video protocol's channel reads: a new tenant with credits, its ledger in order, the
 * stored video's length, and the task's upstream row (channel, provider model and task id).
 */
export function videoChannelReads(db: () => Db, files: () => { store: LocalFileStore; dir: string }) {
  const newTenant = async (name: string): Promise<ScopedIdentity & { kind: 'tenant' }> => {
    const { tenant } = await createTenant({ db: db(), config: { secret: testSecret } }, OPERATOR, {
      name,
      credits: 1000,
      quota_monthly: 0,
    });
    return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
  };
  const ledgerOf = async (tenantId: string) =>
    (
      await db()
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.tenantId, tenantId))
        .orderBy(ledgerEntries.id)
    ).map((l) => [l.kind, l.amount] as const);
  const mp4Seconds = async (url: string | null): Promise<number | undefined> => {
    const { store, dir } = files();
    return (await inspectMp4File(path.join(dir, store.keyOf(url ?? '') ?? '')))?.duration;
  };
  const upstreamRow = async (id: string) => (await db().select().from(videoTasks).where(eq(videoTasks.id, id)))[0];
  return { newTenant, ledgerOf, mp4Seconds, upstreamRow };
}

/**
 * A test file of one simulated video channel, alone in its simulator and its database: the hooks that start
 * the database, the simulator and a video worker before the file's tests (and reset the simulator after each),
 * and what those tests read: the submission's dependencies, a task's wait for its end, the upstream row, the
 * channel's requests, a new tenant, its ledger's kinds and the stored MP4's length.
 */
export function videoChannelSuite(channel: SimChannel, name: string) {
  let t: TestDatabase;
  let sim: RunningSim;
  let config: Config;
  let files: LocalFileStore;
  let filesDir: string;
  let worker: QueueWorker;
  beforeAll(async () => {
    t = await createTestDatabase();
    sim = await startSim({ channels: [channel] });
    await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [channel]), 'simulator');
    ({ config, files, filesDir, worker } = await startVideoWorker(t, name, 20));
  });
  afterAll(async () => {
    await worker.stop(1000);
    await sim.close();
    await t.close();
  });
  afterEach(async () => {
    await sim.control('/__sim/reset', { method: 'POST' });
  });
  const reads = videoReads(() => t.db);
  return {
    db: () => t.db,
    sim: () => sim,
    files: () => files,
    deps: () => ({ db: t.db, config, files }),
    finished: reads.finished,
    taskOf: reads.taskOf,
    tenant: (tenantName: string) => newVideoTenant(t.db, tenantName),
    kinds: async (tenantId: string) => (await ledgerOf(t.db, tenantId)).map(([k]) => k),
    ledger: (tenantId: string) => ledgerOf(t.db, tenantId),
    mp4Seconds: (url: string | null) => storedMp4Seconds(files, filesDir, url),
    rowOf: async (id: string) => (await t.db.select().from(videoTasks).where(eq(videoTasks.id, id)))[0],
    /** The channel's requests to the simulator of `method` whose path passes `path`. */
    requests: (method: string, path: (p: string) => boolean) =>
      sim.sim.requests(channel.name).filter((r) => r.method === method && path(r.path)),
  };
}
