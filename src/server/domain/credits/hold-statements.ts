import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { hotStatement, type Bind } from '@/server/db/rows';
import { logger } from '@/server/logger';
import { accounts, creditHolds, ledgerEntries, tenants, usageDaily, USAGE_TIMEZONE } from '@/server/db/schema';

/**
 * The statements of chat holds (holds.ts). Each names its wallet by shape: `t` the tenant pool, `a` a
 * member's dedicated credits; each locks the wallet's row before the hold's.
 */

/** A hold's row outlives its process by this long (renewed while the process lives). */
export const HOLD_TTL_MS = 120_000;

/** The wallet's table and the condition that picks its row. */
function walletRow(v: Bind, shape: 't' | 'a') {
  return shape === 'a'
    ? { wallet: accounts, where: sql`id = ${v('account')}::uuid and tenant_id = ${v('tenant')}::uuid` }
    : { wallet: tenants, where: sql`id = ${v('tenant')}::uuid` };
}

/**
 * Grows a hold: sets aside up to `want` credits, at least `short`, and never more than a quarter of
 * what the wallet has free (credits less held) unless `short` needs it; nothing when even `short` is
 * not free. The wallet's row is locked first (`for update`), then the hold's.
 */
export const growStatement = hotStatement<'t' | 'a'>((v, shape) => {
  const { wallet, where } = walletRow(v, shape);
  return sql`
    with cur as (
      select credits - held as avail from ${wallet} where ${where} for update
    ), g as (
      select least(${v('want')}::integer, greatest(${v('short')}::integer, avail / 4)) as amount from cur where avail >= ${v('short')}::integer
    ), w as (
      update ${wallet} set held = held + g.amount from g where ${where}
      returning g.amount
    ), h as (
      insert into ${creditHolds} (id, tenant_id, account_id, amount, expires_at)
      select ${v('hold')}::uuid, ${v('tenant')}::uuid, ${v('account')}::uuid, amount, now() + make_interval(secs => ${HOLD_TTL_MS / 1000}) from w
      on conflict (id) do update set amount = ${creditHolds}.amount + excluded.amount, expires_at = excluded.expires_at
      returning amount
    )
    select (select amount from w) as granted, (select amount from h) as size, (select avail from cur) as avail`;
});

/**
 * Writes a hold's queued charges: takes their sum out of the hold, the balance and `held` together,
 * writes one ledger row per charge (in order, each with the balance after it) and the day's rollup.
 * Nothing is written when the hold's row is gone or holds less than the sum (`credits` null).
 */
export const chargeStatement = hotStatement<'t' | 'a'>((v, shape) => {
  const { wallet, where } = walletRow(v, shape);
  return sql`
    with lk as (
      select 1 from ${wallet} where ${where} for update
    ), s as (
      select * from json_to_recordset(${v('rows')}::text::json) as r(seq integer, amount integer, actor uuid, ref text, note text, category text)
    ), tot as (
      select coalesce(sum(amount), 0)::integer as total from s
    ), h as (
      update ${creditHolds} set amount = ${creditHolds}.amount - tot.total, expires_at = now() + make_interval(secs => ${HOLD_TTL_MS / 1000})
        from tot
       where ${creditHolds}.id = ${v('hold')}::uuid and ${creditHolds}.amount >= tot.total and exists (select 1 from lk)
      returning ${creditHolds}.amount
    ), w as (
      update ${wallet} set credits = credits - tot.total, held = held - tot.total from tot, h where ${where}
      returning credits
    ), l as (
      insert into ${ledgerEntries} (tenant_id, account_id, amount, balance_after, kind, category, actor_account_id, ref, note)
      select ${v('tenant')}::uuid, ${v('account')}::uuid, -s.amount,
             w.credits + coalesce(sum(s.amount) over (order by s.seq desc rows between unbounded preceding and 1 preceding), 0),
             'charge', s.category, s.actor, s.ref, s.note
        from s, w
       order by s.seq
      returning 1
    ), u as (
      insert into ${usageDaily} (tenant_id, day, category, credits)
      select ${v('tenant')}::uuid, (now() at time zone ${USAGE_TIMEZONE})::date, s.category, sum(s.amount) from s, w group by s.category
      on conflict (tenant_id, day, category) do update set credits = ${usageDaily}.credits + excluded.credits
      returning 1
    )
    select (select credits from w) as credits, (select count(*) from l) as written, (select count(*) from u) as rolled`;
});

/**
 * Gives a hold back: its row is deleted and its credits leave `held` (the wallet's row locked first).
 * `x` shapes only take a row past its expiry (the sweep of a dead process's holds).
 */
export const releaseStatement = hotStatement<'t' | 'a' | 'tx' | 'ax'>((v, shape) => {
  const { wallet, where } = walletRow(v, shape[0] === 'a' ? 'a' : 't');
  return sql`
    with lk as (
      select 1 from ${wallet} where ${where} for update
    ), d as (
      delete from ${creditHolds} where id = ${v('hold')}::uuid and exists (select 1 from lk)${shape[1] === 'x' ? sql` and expires_at < now()` : sql``}
      returning amount
    ), w as (
      update ${wallet} set held = held - d.amount from d where ${where}
      returning held
    )
    select (select amount from d) as amount, (select count(*) from w) as updated`;
});

/** Takes `n` credits out of a hold and out of `held` (the wallet's row locked first). */
export const shrinkStatement = hotStatement<'t' | 'a'>((v, shape) => {
  const { wallet, where } = walletRow(v, shape);
  return sql`
    with lk as (
      select 1 from ${wallet} where ${where} for update
    ), h as (
      update ${creditHolds} set amount = amount - ${v('n')}::integer
       where id = ${v('hold')}::uuid and amount >= ${v('n')}::integer and exists (select 1 from lk)
      returning amount
    ), w as (
      update ${wallet} set held = held - ${v('n')}::integer from h where ${where}
      returning held
    )
    select (select amount from h) as left, (select count(*) from w) as updated`;
});

export const renewStatement = hotStatement<'renew'>(
  (v) => sql`
    update ${creditHolds} set expires_at = now() + make_interval(secs => ${HOLD_TTL_MS / 1000})
     where id in (select value::uuid from json_array_elements_text(${v('ids')}::text::json))`,
);

/**
 * Gives back the holds of processes that died (their rows past expiry): run by the maintenance loop
 * of every process. Answers how many were given back.
 */
export async function sweepExpiredHolds(db: Db): Promise<number> {
  const expired = await db
    .select({ id: creditHolds.id, tenantId: creditHolds.tenantId, accountId: creditHolds.accountId })
    .from(creditHolds)
    .where(sql`${creditHolds.expiresAt} < now()`)
    .limit(500);
  let given = 0;
  for (const h of expired) {
    const [row] = await releaseStatement<{ amount: number | null }>(db, h.accountId ? 'ax' : 'tx', {
      tenant: h.tenantId,
      account: h.accountId,
      hold: h.id,
    });
    if (row?.amount !== null && row?.amount !== undefined) given += 1;
  }
  if (given > 0) logger.info({ holds: given }, 'gave back the chat holds of a process that stopped');
  return given;
}
