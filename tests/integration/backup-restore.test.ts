import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { takeBackup, type Installation } from '@/server/backup/backup';
import { BackupError } from '@/server/backup/manifest';
import { restoreBackup } from '@/server/backup/restore';
import { openDatabase, type Db } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { jobs, ledgerEntries, tenants } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { moveCredits } from '@/server/domain/credits/ledger';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore } from '@/server/storage/store';
import { createTestDatabase, testSecret, withDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * `npm run backup` → `npm run restore` on the database this run uses (PostgreSQL with DATABASE_URL,
 * else the embedded database in a data folder): a tenant, a done job with its result file and the
 * ledger come back; a restore into a database or store that is not empty is refused.
 */
const base = process.env.DATABASE_URL;
const folders: string[] = [];
const scratch = (name: string): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `studio-${name}-`));
  folders.push(dir);
  return dir;
};
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** A tenant with opening credits, a done job whose result is in the store, and the job's charge. */
async function seed(db: Db, dataDir: string) {
  const { tenant } = await createTenant({ db, config: { secret: testSecret } }, OPERATOR, {
    name: '备份租户',
    credits: 100,
    quota_monthly: 100,
  });
  const store = new LocalFileStore(path.join(dataDir, 'files'), 'http://studio.test');
  const url = await store.put(`${tenant.id}/2026-11-29/result.png`, PNG, 'image/png');
  const [job] = await db
    .insert(jobs)
    .values({
      tenantId: tenant.id,
      kind: 'image',
      status: 'done',
      input: { prompt: '红灯笼' },
      credits: 4,
      cdnUrl: url,
    })
    .returning();
  await moveCredits(db, { tenantId: tenant.id, amount: -4, kind: 'charge', ref: job?.id ?? null, note: 'image' });
  return { tenantId: tenant.id, jobId: job?.id ?? '', url };
}

/** The source installation (migrated and seeded) and a way to open a restored one. */
async function source(
  dataDir: string,
): Promise<{ installation: Installation; seeded: Awaited<ReturnType<typeof seed>> }> {
  if (base) {
    const t: TestDatabase = await createTestDatabase();
    cleanups.push(() => t.close());
    return { installation: { databaseUrl: t.url, dataDir, s3: null }, seeded: await seed(t.db, dataDir) };
  }
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await runMigrations(database, undefined);
    return { installation: { databaseUrl: undefined, dataDir, s3: null }, seeded: await seed(database.db, dataDir) };
  } finally {
    await database.close();
  }
}

async function emptyTarget(dataDir: string): Promise<Installation> {
  if (!base) return { databaseUrl: undefined, dataDir, s3: null };
  const name = `studio_r_${Math.random().toString(16).slice(2, 10)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  });
  return { databaseUrl: withDatabase(base, name), dataDir, s3: null };
}

describe(`backup and restore (${base ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('brings back the tenant, its job, result file and ledger, and refuses a store that is not empty', async () => {
    const { installation, seeded } = await source(scratch('backup-src'));
    const folder = path.join(scratch('backup-out'), 'backup');
    const manifest = await takeBackup(installation, folder);
    expect(manifest.database.kind).toBe(base ? 'postgres' : 'pglite');
    expect(manifest.database.counts).toMatchObject({ tenants: 1, jobs: 1, ledger_entries: 2 });
    expect(manifest.database.migration.applied).toBeGreaterThan(0);
    expect(manifest.files.entries.map((e) => e.key)).toEqual([`${seeded.tenantId}/2026-11-29/result.png`]);
    await expect(takeBackup(installation, folder)).rejects.toThrow(/not empty/);

    const target = await emptyTarget(scratch('restore'));
    const report = await restoreBackup(folder, target);
    expect(report.counts).toEqual(manifest.database.counts);
    expect(report.files).toBe(1);
    expect(readFileSync(path.join(target.dataDir, 'files', manifest.files.entries[0]?.key ?? ''))).toEqual(PNG);

    const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, max: 2 });
    try {
      const [tenant] = await restored.db.select().from(tenants).where(eq(tenants.id, seeded.tenantId));
      expect(tenant?.credits).toBe(96);
      const [job] = await restored.db.select().from(jobs).where(eq(jobs.id, seeded.jobId));
      expect(job).toMatchObject({ status: 'done', cdnUrl: seeded.url });
      const ledger = await restored.db
        .select({ amount: ledgerEntries.amount, kind: ledgerEntries.kind })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.tenantId, seeded.tenantId));
      expect(ledger.map((l) => l.amount).sort((a, b) => a - b)).toEqual([-4, 100]);
    } finally {
      await restored.close();
    }

    // The database (and then the store) now hold data: a second restore into them is refused.
    const again = restoreBackup(folder, target);
    await expect(again).rejects.toBeInstanceOf(BackupError);
    await expect(again).rejects.toThrow(/not empty|already holds/);
    if (base) {
      // A new, empty database beside the store the first restore filled: the store is refused.
      await expect(restoreBackup(folder, await emptyTarget(target.dataDir))).rejects.toThrow(/already holds files/);
    }
  }, 240_000);
});
