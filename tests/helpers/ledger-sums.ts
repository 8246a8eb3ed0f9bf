import { and, eq, isNull, sum } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { ledgerEntries } from '@/server/db/schema';

/** The sum of a wallet's ledger rows: a member's (`accountId`) or the tenant pool's (null). */
export async function ledgerSum(db: Db, tenantId: string, accountId: string | null): Promise<number> {
  const [row] = await db
    .select({ total: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, tenantId),
        accountId ? eq(ledgerEntries.accountId, accountId) : isNull(ledgerEntries.accountId),
      ),
    );
  return Number(row?.total ?? 0);
}
