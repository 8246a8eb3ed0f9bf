/** What the upstreams cost Studio beside what was billed for the work they served (the markup at work). */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';

/** Provider cost in USD, rounded to a millionth (a cheap image costs a fraction of a cent). */
export const usd = (x: number) => Math.round(x * 1e6) / 1e6;

export interface CostWindow {
  start: string;
  end: string;
  tenantId: string | null;
}

/**
 * The provider cost of the window's upstream attempts (`detail.provider_cost_usd`: the model's unit
 * cost of an answered image or request, a finished video's seconds × its cost), per tenant and per channel.
 */
export async function providerCosts(db: Db, w: CostWindow) {
  const where: SQL[] = [
    sql`ua.started_at >= ${w.start}::timestamptz`,
    sql`ua.started_at < ${w.end}::timestamptz`,
    sql`ua.detail ? 'provider_cost_usd'`,
  ];
  if (w.tenantId) where.push(sql`ua.tenant_id = ${w.tenantId}::uuid`);
  const rows = rowsOf<{ tenant_id: string | null; upstream_id: string; cost: string | number | null }>(
    await db.execute(sql`
      select ua.tenant_id::text as tenant_id, ua.upstream_id::text as upstream_id,
             sum((ua.detail->>'provider_cost_usd')::float8) as cost
        from upstream_attempts ua
       where ${sql.join(where, sql` and `)}
       group by 1, 2`),
  );
  const byTenant = new Map<string, number>();
  const byChannel = new Map<string, number>();
  for (const r of rows) {
    const cost = Number(r.cost ?? 0);
    if (r.tenant_id) byTenant.set(r.tenant_id, (byTenant.get(r.tenant_id) ?? 0) + cost);
    byChannel.set(r.upstream_id, (byChannel.get(r.upstream_id) ?? 0) + cost);
  }
  return { byTenant, byChannel };
}

/**
 * Credits billed (charges less refunds of the window) per channel and tenant for the jobs and requests
 * that channel answered: the ledger rows whose ref is the ref of a successful attempt on it.
 */
export async function billedPerChannel(db: Db, w: CostWindow) {
  const tenant = w.tenantId ? sql`and tenant_id = ${w.tenantId}::uuid` : sql``;
  return rowsOf<{ upstream_id: string; tenant_id: string; credits: string | number }>(
    await db.execute(sql`
      with served as (
        select distinct upstream_id, ref from upstream_attempts
         where ok and ref is not null and started_at >= ${w.start}::timestamptz and started_at < ${w.end}::timestamptz ${tenant}),
      billed as (
        select ref, tenant_id, -sum(amount) as credits from ledger_entries
         where kind in ('charge', 'refund') and category is not null and ref is not null
           and created_at >= ${w.start}::timestamptz and created_at < ${w.end}::timestamptz ${tenant}
         group by ref, tenant_id)
      select s.upstream_id::text as upstream_id, b.tenant_id::text as tenant_id, sum(b.credits) as credits
        from served s join billed b on b.ref = s.ref
       group by 1, 2`),
  ).map((r) => ({ upstreamId: r.upstream_id, tenantId: r.tenant_id, credits: Number(r.credits) }));
}
