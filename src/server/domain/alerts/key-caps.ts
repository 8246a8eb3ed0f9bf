import { sql } from 'drizzle-orm';
import type { Config } from '@/server/config-types';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { accounts, apiKeys, keySpend, type KeyPolicy } from '@/server/db/schema';
import { spendWindow } from '@/server/domain/keys/spend-cap';
import { noteCapReached } from './fire';

/** The alert rule of a key's spend cap (`cap.reached`, `data.rule`). */
export const KEY_CAP_RULE = 'key_spend_cap';

/** The first day (YYYY-MM-DD, Asia/Shanghai) of a spend period's label (`day:…`, `week:…`, `month:YYYY-MM`). */
export function periodStart(label: string): string {
  const [, value = ''] = label.split(':');
  return value.length === 7 ? `${value}-01` : value;
}

/**
 * Keys whose spend in the current period has reached their cap (their own policy's, or their member's
 * default when they have none): each fires one `cap.reached` per period (`noteCapReached`), read by the
 * worker after the charges committed, like every other alert — nothing is added to a request's path.
 * Returns how many alerts this run fired.
 */
export async function checkKeyCaps(
  ctx: { db: Db; config: Pick<Config, 'mail' | 'secret'> },
  now = new Date(),
): Promise<number> {
  const rows = rowsOf<{
    id: string;
    tenant_id: string;
    account_id: string | null;
    policy: KeyPolicy | null;
    fallback: KeyPolicy | null;
  }>(
    await ctx.db.execute(sql`
      select k.id, k.tenant_id, k.account_id, k.policy, a.default_key_policy as fallback
        from ${apiKeys} k left join ${accounts} a on a.id = k.account_id
       where k.revoked_at is null
         and (k.policy ? 'spend_cap' or (k.policy is null and a.default_key_policy ? 'spend_cap'))`),
  );
  if (rows.length === 0) return 0;
  const caps = rows.flatMap((r) => {
    const cap = (r.policy ?? r.fallback)?.spend_cap;
    return cap ? [{ ...r, cap, label: spendWindow(cap.period, now).label }] : [];
  });
  const spent = rowsOf<{ key_id: string; period: string; spent: number }>(
    await ctx.db.execute(sql`
      select key_id, period, spent from ${keySpend}
       where (key_id, period) in (${sql.join(
         caps.map((c) => sql`(${c.id}::uuid, ${c.label})`),
         sql`, `,
       )})`),
  );
  const of = new Map(spent.map((s) => [`${s.key_id}/${s.period}`, Number(s.spent)]));
  let fired = 0;
  for (const c of caps) {
    const value = of.get(`${c.id}/${c.label}`) ?? 0;
    if (value < c.cap.credits) continue;
    const alert = await noteCapReached(
      ctx.db,
      {
        tenantId: c.tenant_id,
        accountId: c.account_id,
        keyId: c.id,
        rule: KEY_CAP_RULE,
        period: periodStart(c.label),
        limit: c.cap.credits,
        value,
      },
      ctx.config,
    );
    if (alert) fired += 1;
  }
  return fired;
}
