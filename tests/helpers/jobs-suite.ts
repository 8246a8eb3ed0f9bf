import { and, eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { ledgerEntries } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from './test-db';

/**
 * An image-jobs test file's world (tests/integration/jobs-*.test.ts, drain, template field types): a migrated database whose
 * upstreams are the simulator's channels, a configuration and a file store, a job submitted at a
 * new tenant, and a tenant's ledger in order.
 */
export function jobsSuite() {
  let t: TestDatabase;
  let sim: RunningSim;
  let config: Config;
  let files: LocalFileStore;

  beforeAll(async () => {
    t = await createTestDatabase();
    sim = await startSim();
    await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-jobs-'));
    config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
    files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
  });
  afterAll(async () => {
    await sim.close();
    await t.close();
  });

  async function newJob(credits = 100) {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '崩溃测试',
      credits,
      quota_monthly: 0,
    });
    const [job] = await submitImageJobs(
      { db: t.db, config, files },
      { kind: 'tenant', tenantId: tenant.id, via: 'key' },
      {
        items: [{ prompt: 'survives a crash', quality: 'high' }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: 'h',
        batch: false,
      },
    );
    if (!job) throw new Error('no job');
    return { tenantId: tenant.id, jobId: job.id };
  }

  async function ledgerOf(tenantId: string) {
    return t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenantId)))
      .orderBy(ledgerEntries.id);
  }
  return {
    get t() {
      return t;
    },
    get sim() {
      return sim;
    },
    get config() {
      return config;
    },
    get files() {
      return files;
    },
    newJob,
    ledgerOf,
  };
}
