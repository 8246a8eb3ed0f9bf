import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_BALANCE } from '@/contracts/common';
import type { Db } from '@/server/db/client';
import { hotStatement, type Bind } from '@/server/db/rows';
import { takeTokensWith, tokenValues, type Limit } from '@/server/domain/limits/rate-limit';
import {
  accounts,
  ledgerEntries,
  tenants,
  usageDaily,
  USAGE_TIMEZONE,
  type LedgerKind,
  type UsageCategory,
} from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { AppError, declared } from '@/server/errors';
import { giveBackSpend, takeSpend } from '@/server/domain/keys/spend-cap';
import { recordCredits } from '@/server/metrics/registry';

export interface Movement {
  tenantId: string;
  /** null or absent: the tenant pool; otherwise that member's dedicated credits. */
  accountId?: string | null;
  /** Signed: positive adds credits, negative takes them. */
  amount: number;
  kind: LedgerKind;
  category?: UsageCategory | null;
  actorAccountId?: string | null;
  ref?: string | null;
  note?: string | null;
}

/**
 * Moves credits in one wallet and writes its ledger row (and, for charges and refunds, the day's
 * usage rollup), all in one statement: the guarded UPDATE takes the wallet's row lock, so concurrent
 * spends queue up and re-check the balance, and a balance can never go below zero; the lock is held
 * for this one statement only (no round trip to the caller while it is held), unless the caller runs
 * it inside a longer transaction. Returns the new balance, or null when it would go negative.
 * A balance also never passes `MAX_BALANCE` (its column's range): that is a 400, nothing moved.
 */
export async function moveCredits(tx: Db, m: Movement): Promise<number | null> {
  return (await movement(tx, m, null)).balance;
}

/**
 * The same movement, made only when the rate-limit bucket `limit` gives a token, in the same
 * statement: one round trip for both. `passed` false: no token, and nothing moved.
 */
export async function moveCreditsGated(
  tx: Db,
  m: Movement,
  limit: Limit,
): Promise<{ passed: boolean; balance: number | null }> {
  return movement(tx, m, { limit });
}

export interface MovementOptions {
  /** Made only when this rate-limit bucket gives `tokens` tokens (in the same statement). */
  limit?: Limit;
  /** How many tokens `limit` must give (default 1). */
  tokens?: number;
}

export interface MovementResult {
  /** False when the rate-limit token was missing: nothing moved. */
  passed: boolean;
  /** The wallet's new balance; null when nothing moved. */
  balance: number | null;
  /** The ledger entry written; null when nothing moved. */
  entry: string | null;
}

/** A movement with options (see {@link MovementOptions}). */
export function moveCreditsWith(tx: Db, m: Movement, opts: MovementOptions): Promise<MovementResult> {
  return movement(tx, m, opts);
}

/**
 * The shape of a movement statement: a member's wallet or the tenant pool (a/t), gated by a
 * rate-limit token (g), with the day's usage rollup (r); `-` where not.
 */
export type MovementShape = `${'a' | 't'}${'g' | '-'}${'r' | '-'}`;

/**
 * The parts of a movement of shape `shape` ({@link MovementShape}), to put in a statement's `WITH`
 * list: the rate-limit token (g), the wallet's guarded update (w, one row when it moved), its ledger
 * row (l) and the day's rollup (u); `passed` is true when the token was there; `written`, once
 * evaluated, has made sure l and u ran. Used alone by
 * `movementStatement` and as the first part of a submission's statement (`submitImageJobs`).
 */
export function movementParts(v: Bind, shape: MovementShape): { ctes: SQL; passed: SQL; written: SQL } {
  const gated = shape[1] === 'g';
  const guard = gated ? sql` and exists (select 1 from g)` : sql``;
  const wallet =
    shape[0] === 'a'
      ? sql`update ${accounts} set credits = credits + ${v('amount')}::integer
           where id = ${v('account')}::uuid and tenant_id = ${v('tenant')}::uuid
             and credits::bigint + ${v('amount')}::bigint between held and ${MAX_BALANCE}${guard}
         returning credits`
      : sql`update ${tenants} set credits = credits + ${v('amount')}::integer
           where id = ${v('tenant')}::uuid
             and credits::bigint + ${v('amount')}::bigint between held and ${MAX_BALANCE}${guard}
         returning credits`;
  // A wallet never goes below what chat holds set aside in it (`held`, zero without chat in flight):
  // credits go out only from the rest, so a held credit is always there when its charge is written.
  // The daily rollup moves with its ledger row, in the same statement and on the same now().
  const rollup =
    shape[2] === 'r'
      ? sql`, u as (
        insert into ${usageDaily} (tenant_id, day, category, credits)
        select ${v('tenant')}::uuid, (now() at time zone ${USAGE_TIMEZONE})::date, ${v('category')}::text, -(${v('amount')}::bigint)
          from w
        on conflict (tenant_id, day, category) do update set credits = ${usageDaily}.credits + excluded.credits
        returning 1
      )`
      : sql``;
  const passed = gated ? sql`exists (select 1 from g)` : sql`true`;
  const ctes = sql`
      ${gated ? sql`g as (${takeTokensWith(v)}),` : sql``}
      w as (${wallet}),
      l as (
        insert into ${ledgerEntries} (tenant_id, account_id, amount, balance_after, kind, category, actor_account_id, ref, note)
        select ${v('tenant')}::uuid, ${v('account')}::uuid, ${v('amount')}::integer, w.credits, ${v('kind')}::text, ${v('category')}::text,
               ${v('actor')}::uuid, ${v('ref')}::text, ${v('note')}::text
          from w
        returning id
      )${rollup}`;
  // True once the ledger row and the rollup are written: a statement that goes on to take other locks
  // (a submission's event lock) refers to it first, so the rollup's row lock comes before them, as in
  // every other writer (an unreferenced part would run only at the statement's end).
  const written = sql`(select count(*) from l) >= 0${shape[2] === 'r' ? sql` and (select count(*) from u) >= 0` : sql``}`;
  return { ctes, passed, written };
}

/** The movement statement, by shape ({@link MovementShape}). Compiled once per shape on PostgreSQL. */
const movementStatement = hotStatement<MovementShape>((v, shape) => {
  const { ctes, passed } = movementParts(v, shape);
  return sql`
      with ${ctes}
      select (select credits from w) as credits, ${passed} as passed, (select id from l) as entry`;
});

/** The shape of movement `m` with options `opts`, and the values its statement names. */
export function movementShape(
  m: Movement,
  opts: MovementOptions | null,
): { shape: MovementShape; values: Record<string, unknown> } {
  if (!Number.isSafeInteger(m.amount)) throw new RangeError('credit amounts are whole numbers');
  const rollup = (m.kind === 'charge' || m.kind === 'refund') && !!m.category;
  const limit = opts?.limit;
  const shape: MovementShape = `${m.accountId ? 'a' : 't'}${limit ? 'g' : '-'}${rollup ? 'r' : '-'}`;
  const values = {
    tenant: m.tenantId,
    account: m.accountId ?? null,
    amount: m.amount,
    kind: m.kind,
    category: m.category ?? null,
    actor: m.actorAccountId ?? m.accountId ?? null,
    ref: m.ref ?? null,
    note: m.note ?? null,
    ...(limit ? tokenValues(limit, opts?.tokens ?? 1) : {}),
  };
  return { shape, values };
}

async function movement(tx: Db, m: Movement, opts: MovementOptions | null): Promise<MovementResult> {
  const { shape, values } = movementShape(m, opts);
  const [row] = await movementStatement<{ credits: number | null; passed: boolean; entry: string | null }>(
    tx,
    shape,
    values,
  );
  const passed = row?.passed === true;
  if (row?.credits === null || row?.credits === undefined) {
    if (passed && m.amount > 0) throw balanceCeiling();
    return { passed, balance: null, entry: null };
  }
  // Counted when written (a transaction rolled back later is still counted: rare, and only an over-count).
  if (m.kind === 'charge' || m.kind === 'refund') recordCredits(m.kind, m.category, m.amount);
  return { passed, balance: Number(row.credits), entry: row.entry === null ? null : String(row.entry) };
}

/**
 * Charges work to the caller's wallet in its own transaction. A member with dedicated credits
 * spends those; anyone else spends the tenant pool. Throws PAYMENT_REQUIRED when short.
 */
export async function spendCredits(
  db: Db,
  input: {
    tenantId: string;
    accountId?: string | null;
    dedicated?: boolean;
    amount: number;
    category: UsageCategory;
    ref?: string;
  },
): Promise<number> {
  if (input.amount <= 0) throw new RangeError('a spend is a positive amount');
  const after = await db.transaction((tx) =>
    moveCredits(tx, {
      tenantId: input.tenantId,
      accountId: input.dedicated ? input.accountId : null,
      actorAccountId: input.accountId ?? null,
      amount: -input.amount,
      kind: 'charge',
      category: input.category,
      ref: input.ref ?? null,
    }),
  );
  if (after === null) throw insufficientCredits(input.amount);
  return after;
}

const balanceCeiling = () =>
  new AppError(
    'BAD_REQUEST',
    `The balance would pass ${MAX_BALANCE.toLocaleString('en-US')} credits, the most one wallet holds; nothing was changed`,
  );

/** The 402 of `insufficientCredits`, declared by every operation that spends credits. */
export const INSUFFICIENT_CREDITS_ERROR = declared(
  'PAYMENT_REQUIRED',
  'Not enough credits for this request; nothing was charged. Only the tenant administrator can add credits',
);

export const insufficientCredits = (needed: number) =>
  new AppError(
    'PAYMENT_REQUIRED',
    `Not enough credits: this needs ${needed}. The enterprise credits are used up; only the tenant administrator can add credits.`,
  );

/**
 * The wallet a refund of credits taken from `accountId`'s dedicated credits goes to (null: the pool):
 * those credits while the member still has them, the tenant pool once the member was switched to the
 * shared pool. The switch released the wallet's balance to the pool, so a late refund follows it
 * there; written to the member's row it would count nowhere (a shared member shows no credits and
 * reserves none). Credits taken from the pool go back to the pool whatever the member's mode now.
 * The member's row stays locked to the end of `tx`: a switch either waits for the refund and then
 * releases it with the rest, or has committed and the refund sees the member shared.
 */
export async function refundWallet(tx: Db, tenantId: string, accountId: string | null): Promise<string | null> {
  if (!accountId) return null;
  const [row] = await tx
    .select({ shared: accounts.shared })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, tenantId)))
    .for('no key update');
  return row && !row.shared ? accountId : null;
}

/**
 * Gives a job's credits (all of them, or `amount`) back to the wallet that paid ({@link refundWallet}),
 * in the caller's transaction: the one that ends the job, so a job is refunded at most once.
 */
export async function refundJob(
  tx: Db,
  job: {
    id: string;
    tenantId: string;
    walletAccountId: string | null;
    accountId: string | null;
    credits: number;
    /** The key that submitted it and when: the refund gives its credits back to that key's spend cap. */
    keyId?: string | null;
    createdAt?: Date;
  },
  r: { category: UsageCategory; note: string; amount?: number },
): Promise<void> {
  const amount = r.amount ?? job.credits;
  if (amount <= 0) return;
  if (job.keyId) await giveBackSpend(tx, job.keyId, job.createdAt ?? new Date(), amount);
  await moveCredits(tx, {
    tenantId: job.tenantId,
    accountId: await refundWallet(tx, job.tenantId, job.walletAccountId),
    actorAccountId: job.accountId,
    amount,
    kind: 'refund',
    category: r.category,
    ref: job.id,
    note: r.note,
  });
}

/** Whose credits pay for a caller's work: a dedicated member's own, otherwise the tenant pool. */
export interface Wallet {
  tenantId: string;
  /** null: the tenant pool. */
  accountId: string | null;
  /** The member whose work it is, for usage reports; null for the tenant itself. */
  actorAccountId: string | null;
  /** The key charged under a spend cap and when (chargeWork): a refund gives the credits back to its cap. */
  spend?: { keyId: string; at: Date };
}

export async function walletOf(db: Db, who: ScopedIdentity): Promise<Wallet> {
  if (who.kind !== 'member') return { tenantId: who.tenantId, accountId: null, actorAccountId: null };
  const [row] = await db
    .select({ shared: accounts.shared })
    .from(accounts)
    .where(and(eq(accounts.id, who.accountId), eq(accounts.tenantId, who.tenantId)));
  return {
    tenantId: who.tenantId,
    accountId: row && !row.shared ? who.accountId : null,
    actorAccountId: who.accountId,
  };
}

/**
 * Charges synchronous work before it runs (402 when short); `refundWork` gives it back when the
 * work fails (to the wallet `refundWallet` picks). Each is one ledger row written with its balance change.
 */
export async function chargeWork(
  db: Db,
  who: ScopedIdentity,
  c: { amount: number; category: UsageCategory; ref: string; note?: string },
): Promise<Wallet> {
  const wallet = await walletOf(db, who);
  if (c.amount <= 0) return wallet;
  // A key's spend cap is taken in the charge's transaction (domain/keys/spend-cap.ts): refused, nothing is charged.
  const capped = who.key?.policy?.spend_cap ? who.key : null;
  const at = new Date();
  const after = await db.transaction(async (tx) => {
    if (capped) await takeSpend(tx, capped, c.amount, at);
    const moved = await moveCredits(tx, {
      tenantId: wallet.tenantId,
      accountId: wallet.accountId,
      actorAccountId: wallet.actorAccountId,
      amount: -c.amount,
      kind: 'charge',
      category: c.category,
      ref: c.ref,
      note: c.note ?? null,
    });
    if (moved === null) throw insufficientCredits(c.amount);
    return moved;
  });
  return capped && after !== null ? { ...wallet, spend: { keyId: capped.id, at } } : wallet;
}

export async function refundWork(
  db: Db,
  wallet: Wallet,
  c: { amount: number; category: UsageCategory; ref: string; note?: string },
): Promise<void> {
  if (c.amount <= 0) return;
  await db.transaction(async (tx) => {
    if (wallet.spend) await giveBackSpend(tx, wallet.spend.keyId, wallet.spend.at, c.amount);
    await moveCredits(tx, {
      tenantId: wallet.tenantId,
      actorAccountId: wallet.actorAccountId,
      accountId: await refundWallet(tx, wallet.tenantId, wallet.accountId),
      amount: c.amount,
      kind: 'refund',
      category: c.category,
      ref: c.ref,
      note: c.note ?? null,
    });
  });
}
