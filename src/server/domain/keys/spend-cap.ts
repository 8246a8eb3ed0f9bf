import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { keySpend, type KeyPolicy, type SpendPeriod } from '@/server/db/schema';
import type { KeyGrant } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';

/*
 * A key's spend cap (policy `spend_cap`): the credits charged with the key per Asia/Shanghai calendar
 * day, week (from Monday) or month. A charge adds its credits to the period's `key_spend` row in the
 * charge's own transaction, with one conditional upsert that takes the row's lock: concurrent charges
 * on any instance are ordered by it, and one that would pass the cap is refused (402) and rolls its
 * whole transaction back, so it reaches no upstream and is never charged. A refund takes its credits
 * back off the period it was charged in.
 */

/** Asia/Shanghai keeps UTC+8 all year (no daylight saving). */
const SHANGHAI_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface SpendWindow {
  /** The `key_spend.period` of this period: `day:2026-11-30`, `week:2026-11-30` (its Monday), `month:2026-11`. */
  label: string;
  /** When the next period starts (midnight Asia/Shanghai). */
  resetsAt: Date;
}

/** The period of `unit` that `now` falls in, on the Shanghai calendar. */
export function spendWindow(unit: SpendPeriod, now: Date): SpendWindow {
  const local = new Date(now.getTime() + SHANGHAI_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  if (unit === 'month') {
    return {
      label: `month:${day(Date.UTC(y, m, 1)).slice(0, 7)}`,
      resetsAt: new Date(Date.UTC(y, m + 1, 1) - SHANGHAI_MS),
    };
  }
  const midnight = Date.UTC(y, m, d);
  if (unit === 'week') {
    const monday = midnight - ((local.getUTCDay() + 6) % 7) * DAY_MS;
    return { label: `week:${day(monday)}`, resetsAt: new Date(monday + 7 * DAY_MS - SHANGHAI_MS) };
  }
  return { label: `day:${day(midnight)}`, resetsAt: new Date(midnight + DAY_MS - SHANGHAI_MS) };
}

/** A Shanghai time as answers show it: `2026-12-01 00:00 (Asia/Shanghai)`. */
export function shanghaiText(at: Date): string {
  return `${new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 16).replace('T', ' ')} (Asia/Shanghai)`;
}

/** The refusal of a charge over the cap. */
export function spendCapRefusal(cap: NonNullable<KeyPolicy['spend_cap']>, amount: number, now: Date): AppError {
  const { resetsAt } = spendWindow(cap.period, now);
  return new AppError(
    'PAYMENT_REQUIRED',
    `Key policy "spend_cap": this key may spend ${cap.credits} credits a ${cap.period} and this request's ` +
      `${amount} credits would pass it; the cap resets at ${shanghaiText(resetsAt)}, retrying before then will not help`,
  );
}

/**
 * Adds `amount` credits to the key's spend in the current period, in the caller's transaction (the
 * one that writes the charge), or refuses with a 402 naming the rule when the sum would pass the cap.
 * Nothing is done for a key without a cap. Answers the period written (null: none), for an adjustment.
 */
export async function takeSpend(tx: Db, grant: KeyGrant, amount: number, now = new Date()): Promise<string | null> {
  const cap = grant.policy?.spend_cap;
  if (!cap || amount <= 0) return null;
  const { label } = spendWindow(cap.period, now);
  const rows = await tx.execute(sql`
    insert into ${keySpend} (key_id, period, spent)
    select ${grant.id}::uuid, ${label}, ${amount}::int where ${amount}::int <= ${cap.credits}::int
    on conflict (key_id, period) do update set spent = ${keySpend.spent} + excluded.spent
     where ${keySpend.spent} + excluded.spent <= ${cap.credits}::int
    returning spent`);
  if (rowsOf(rows).length === 0) throw spendCapRefusal(cap, amount, now);
  return label;
}

/**
 * Changes a period's spend by `delta` (negative: credits given back), never below zero: a chat
 * answer's exact charge replacing its reserved bound.
 */
export async function adjustSpend(db: Db, keyId: string, period: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .update(keySpend)
    .set({ spent: sql`greatest(${keySpend.spent} + ${delta}::int, 0)` })
    .where(and(eq(keySpend.keyId, keyId), eq(keySpend.period, period)));
}

/**
 * Gives refunded credits back to the spend of the key that was charged, in the refund's transaction:
 * the period (of whichever unit) the charge fell in. One statement, never below zero.
 */
export async function giveBackSpend(tx: Db, keyId: string, chargedAt: Date, amount: number): Promise<void> {
  if (amount <= 0) return;
  const labels = (['day', 'week', 'month'] as const).map((u) => spendWindow(u, chargedAt).label);
  await tx
    .update(keySpend)
    .set({ spent: sql`greatest(${keySpend.spent} - ${amount}::int, 0)` })
    .where(and(eq(keySpend.keyId, keyId), inArray(keySpend.period, labels)));
}
