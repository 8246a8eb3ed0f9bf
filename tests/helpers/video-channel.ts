import { eq } from 'drizzle-orm';
import path from 'node:path';
import type { Db } from '@/server/db/client';
import { ledgerEntries, videoTasks } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import type { LocalFileStore } from '@/server/storage/store';
import { testSecret } from './test-db';

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
