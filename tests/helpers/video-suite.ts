import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { ledgerEntries, upstreams } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { AppError } from '@/server/errors';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from './test-db';
import { startVideoWorker, videoReads } from './video-reads';

/** The world of a video test file on the simulator's default channels; its fields are set once `beforeAll` ran. */
export interface VideoWorld {
  t: TestDatabase;
  sim: RunningSim;
  config: Config;
  files: LocalFileStore;
  filesDir: string;
  /** Tests that stop the worker start another and put it here. */
  worker: QueueWorker;
}

/**
 * A video test file's hooks and reads (the video tests of submission and of running, `videos*.test.ts`): a
 * database, the simulator with its default channels, a video worker; after each test the simulator's faults
 * reset, every upstream enabled again, the deadlines back to 20 minutes.
 */
export function videoSuite(name: string) {
  const w = {} as VideoWorld;
  beforeAll(async () => {
    w.t = await createTestDatabase();
    w.sim = await startSim();
    await syncUpstreams(w.t.db, testSecret, simulatorUpstreams(w.sim.url), 'simulator');
    Object.assign(w, await startVideoWorker(w.t, name, 50));
  });
  afterAll(async () => {
    await w.worker.stop(1000);
    await w.sim.close();
    await w.t.close();
  });
  afterEach(async () => {
    await w.sim.control('/__sim/reset', { method: 'POST' });
    // eslint-disable-next-line drizzle/enforce-update-with-where
    await w.t.db.update(upstreams).set({ enabled: true, removedReason: null, removedAt: null });
    invalidateCandidates(w.t.db);
    w.config.video = { ...w.config.video, deadlinesS: { default: 1200 } };
  });

  const newTenant = async (credits = 1000): Promise<ScopedIdentity & { kind: 'tenant' }> => {
    const { tenant } = await createTenant({ db: w.t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '视频租户',
      credits,
      quota_monthly: 0,
    });
    return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
  };
  const ledgerOf = (tenantId: string) =>
    w.t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, category: ledgerEntries.category })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, tenantId))
      .orderBy(ledgerEntries.id);
  /** The domain error `p` ends with. */
  const refusal = async (p: Promise<unknown>): Promise<AppError> => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };
  const simConfig = async (body: Record<string, unknown>) => {
    const res = await w.sim.control('/__sim/config', { json: body });
    expect(res.status).toBe(200);
  };
  const fault = async (channel: string, kind: string, times?: number, on?: string) => {
    const res = await w.sim.control('/__sim/faults', {
      json: { channel, fault: kind, ...(times ? { times } : {}), ...(on ? { on } : {}) },
    });
    expect(res.status).toBe(200);
  };
  return {
    w,
    deps: () => ({ db: w.t.db, config: w.config, files: w.files }),
    newTenant,
    ledgerOf,
    refusal,
    simConfig,
    fault,
    ...videoReads(() => w.t.db),
  };
}
