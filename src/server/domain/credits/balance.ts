import { and, eq, sql } from 'drizzle-orm';
import { preparedPerDb } from '@/server/db/prepared';
import { accounts, tenants } from '@/server/db/schema';
import type { ScopedIdentity, TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { notFound } from '@/server/errors';

export interface Balance {
  /** Credits the caller can spend now. */
  credits: number;
  /** tenant: the tenant pool; dedicated: the member's own credits. */
  pool: 'tenant' | 'dedicated';
}

// `GET /api/balance` is polled by clients: its reads are prepared.
const memberCredits = preparedPerDb((db) =>
  db
    .select({ shared: accounts.shared, credits: accounts.credits })
    .from(accounts)
    .where(and(eq(accounts.id, sql.placeholder('accountId')), eq(accounts.tenantId, sql.placeholder('tenantId'))))
    .prepare('studio_member_credits'),
);
const tenantCredits = preparedPerDb((db) =>
  db
    .select({ credits: tenants.credits })
    .from(tenants)
    .where(eq(tenants.id, sql.placeholder('tenantId')))
    .prepare('studio_tenant_credits'),
);

export async function getBalance({ db }: Pick<Deps, 'db'>, who: ScopedIdentity): Promise<Balance> {
  if (who.kind === 'member') {
    const [row] = await memberCredits(db).execute({ accountId: who.accountId, tenantId: who.tenantId });
    if (!row) throw notFound('Account');
    if (!row.shared) return { credits: row.credits, pool: 'dedicated' };
  }
  const [tenant] = await tenantCredits(db).execute({ tenantId: who.tenantId });
  if (!tenant) throw notFound('Tenant');
  return { credits: tenant.credits, pool: 'tenant' };
}

/** The enterprise pool: allocatable (the live tenant credits) + reserved (members' dedicated credits). */
export async function getPool(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
): Promise<{ allocatable: number; reserved: number; total: number; members_dedicated: number }> {
  const tenantId = who.tenantId;
  const [tenant] = await db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound('Tenant');
  const rows = await db
    .select({ credits: accounts.credits })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.shared, false)));
  const reserved = rows.reduce((sum, r) => sum + r.credits, 0);
  return { allocatable: tenant.credits, reserved, total: tenant.credits + reserved, members_dedicated: rows.length };
}
