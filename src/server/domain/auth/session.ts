import { and, eq, ne } from 'drizzle-orm';
import { upstreams } from '@/server/db/schema';
import type { Deps } from '@/server/domain/deps';
import { getBalance } from '@/server/domain/credits/balance';
import { getTenant } from '@/server/domain/tenants/tenants';
import type { ScopedIdentity } from './identity';

export interface SessionSummary {
  kind: 'tenant' | 'member';
  /** A buyer's platform account (opened by a claim code): the console shows the buyer view. */
  personal: boolean;
  tenant: { id: string; name: string; credits: number; quota_monthly: number };
  /** Credits the signed-in user can spend now: a member with dedicated credits its own, everyone else the pool. */
  spendable: number;
  /** True when the bundled simulator serves requests: the console then says results are simulated. */
  simulated: boolean;
}

/** Who is signed in to the console and their tenant's headline figures. */
export async function sessionSummary({ db }: Pick<Deps, 'db'>, who: ScopedIdentity): Promise<SessionSummary> {
  const [tenant, [sim], member] = await Promise.all([
    getTenant(db, who.tenantId),
    db
      .select({ id: upstreams.id })
      .from(upstreams)
      .where(and(eq(upstreams.simulated, true), ne(upstreams.source, 'retired')))
      .limit(1),
    who.kind === 'member' ? getBalance({ db }, who) : null,
  ]);
  return {
    kind: who.kind,
    personal: who.kind === 'tenant' && who.personal === true,
    tenant: { id: tenant.id, name: tenant.name, credits: tenant.credits, quota_monthly: tenant.quotaMonthly },
    spendable: member ? member.credits : tenant.credits,
    simulated: sim !== undefined,
  };
}
