import { eq } from 'drizzle-orm';
import path from 'node:path';
import type { Db } from '@/server/db/client';
import { ledgerEntries } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import type { LocalFileStore } from '@/server/storage/store';
import { testSecret } from './test-db';

/** What a video protocol's integration test reads of a tenant: a new tenant with credits, its ledger, its MP4s. */

export async function newVideoTenant(
  db: Db,
  name: string,
  credits = 1000,
): Promise<ScopedIdentity & { kind: 'tenant' }> {
  const { tenant } = await createTenant({ db, config: { secret: testSecret } }, OPERATOR, {
    name,
    credits,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
}

/** The tenant's ledger as `[kind, amount]`, oldest first. */
export async function ledgerOf(db: Db, tenantId: string): Promise<[string, number][]> {
  const rows = await db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, tenantId))
    .orderBy(ledgerEntries.id);
  return rows.map((l) => [l.kind, l.amount]);
}

/** Seconds of the stored MP4 behind a video URL (undefined: not an MP4). */
export async function storedMp4Seconds(files: LocalFileStore, filesDir: string, url: string | null) {
  return (await inspectMp4File(path.join(filesDir, files.keyOf(url ?? '') ?? '')))?.duration;
}
