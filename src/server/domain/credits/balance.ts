import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, tenants } from '../../db/schema';
import type { ScopedIdentity } from '../auth/identity';
import { notFound } from '../errors';

export interface Balance {
  /** Credits the caller can spend now. */
  credits: number;
  /** tenant: the tenant pool; dedicated: the member's own credits. */
  pool: 'tenant' | 'dedicated';
}

export async function getBalance(db: Db, who: ScopedIdentity): Promise<Balance> {
  if (who.kind === 'member') {
    const [row] = await db
      .select({ shared: accounts.shared, credits: accounts.credits })
      .from(accounts)
      .where(and(eq(accounts.id, who.accountId), eq(accounts.tenantId, who.tenantId)));
    if (!row) throw notFound('Account');
    if (!row.shared) return { credits: row.credits, pool: 'dedicated' };
  }
  const [tenant] = await db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, who.tenantId));
  if (!tenant) throw notFound('Tenant');
  return { credits: tenant.credits, pool: 'tenant' };
}

export async function getPool(
  db: Db,
  tenantId: string,
): Promise<{ allocatable: number; reserved: number; total: number; members_dedicated: number }> {
  const [tenant] = await db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound('Tenant');
  const rows = await db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.shared, false)));
  const reserved = rows.reduce((sum, r) => sum + r.credits, 0);
  return { allocatable: tenant.credits, reserved, total: tenant.credits + reserved, members_dedicated: rows.length };
}
