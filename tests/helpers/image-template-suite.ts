import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { type ConversionAnswer, type ConversionOptions } from '@/contracts/image-template';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs, ledgerEntries } from '@/server/db/schema';
import { OPERATOR, type TenantIdentity } from '@/server/domain/auth/identity';
import { convertImage, runConversionJob } from '@/server/domain/image-template/jobs';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES } from '@/server/queue/queue';
import { LocalFileStore, type FileStore } from '@/server/storage/store';
import { renderPoster, type PosterLayer } from '@/sim/media/poster';
import type { RunningSim } from '@/sim/testing';
import { routingSuite } from './routing-sim';
import { testSecret, type TestDatabase } from './test-db';

/**
 * An image-to-template test file's world (tests/integration/image-template*.test.ts): the routing
 * suite's database and simulator, a file store and configuration, a tenant, the test poster, and
 * conversions run as the API and the worker run them.
 */
export function imageTemplateSuite() {
  let t: TestDatabase;
  let sim: RunningSim;
  let files: FileStore;
  let config: Config;

  const deps = () => ({ db: t.db, files, config });

  // The simulator's channels in a fresh database, faults and channel states reset after each test.
  const suite = routingSuite();
  beforeAll(() => {
    ({ t, sim } = suite);
    files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-i2t-')), 'http://files.test');
    config = {
      ...buildConfig(parseEnv({ PUBLIC_BASE_URL: 'http://studio.test', IMAGE_HOST: 'http://files.test' })),
      secret: testSecret,
    };
  });

  async function tenant(credits = 100): Promise<TenantIdentity> {
    const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: `海报租户 ${credits}`,
      credits,
      quota_monthly: 0,
    });
    return { kind: 'tenant', tenantId: row.id, via: 'key' };
  }

  /** The texts drawn on the test poster; the simulator's vision channels read them back exactly. */
  const LAYERS: PosterLayer[] = [
    { role: 'title', text: '春日限定', x: 0.5, y: 0.12, size_ratio: 0.1, color: '#FFFFFF', font_weight: 700 },
    { role: 'title', text: '第二行标题', x: 0.5, y: 0.24, size_ratio: 0.06, color: '#FFEEDD' },
    { role: 'price', text: '¥99 {起}', x: 0.8, y: 0.85, size_ratio: 0.05, color: '#FF3300', alignment: 'right' },
    { role: 'watermark', text: 'STUDIO', x: 0.1, y: 0.95, size_ratio: 0.02, color: '#888888', alignment: 'left' },
  ];

  /** A 600 x 800 poster with {@link LAYERS}; `seed` changes its background so answers are not cached alike. */
  function poster(seed = 1): Promise<Buffer> {
    const shade = (40 + ((seed * 37) % 160)).toString(16).padStart(2, '0');
    return renderPoster({ width: 600, height: 800, background: `#20${shade}60`, layers: LAYERS });
  }

  async function ledger(tenantId: string) {
    const rows = await t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, category: ledgerEntries.category })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, tenantId))
      .orderBy(ledgerEntries.id);
    return rows.filter((r) => r.kind !== 'adjust');
  }

  const sync = async (who: TenantIdentity, options: ConversionOptions = {}, seed = 1) =>
    (await convertImage(deps(), who, { file: await poster(seed) }, options)) as ConversionAnswer;

  async function waitForJob(jobId: string) {
    for (let i = 0; i < 200; i++) {
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
      if (row && row.status !== 'pending') return row;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('job did not end');
  }

  /** Runs the queued conversion task of `jobId` as a worker would. */
  async function runQueued(jobId: string, signal?: AbortSignal) {
    const [task] = (await claim(t.db, [QUEUES.templateJob], 10, 60_000, 'test-worker')).filter(
      (c) => c.payload.jobId === jobId,
    );
    if (!task || task.queue !== QUEUES.templateJob) throw new Error('no task queued');
    await runConversionJob({ ...deps(), signal }, task);
  }

  return {
    get t() {
      return t;
    },
    get sim() {
      return sim;
    },
    get files() {
      return files;
    },
    get config() {
      return config;
    },
    deps,
    tenant,
    poster,
    ledger,
    sync,
    waitForJob,
    runQueued,
  };
}
