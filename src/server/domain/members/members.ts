import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { MemberActionBody } from '@/contracts/members';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import { accounts, apiKeys, ledgerEntries, tenants, type Account, type KeyPolicy } from '@/server/db/schema';
import { decryptSecret } from '@/server/crypto';
import { issueKey } from '@/server/domain/auth/api-keys';
import { announceCredentialChange } from '@/server/credential-changes';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { moveCredits } from '@/server/domain/credits/ledger';
import { AppError, badRequest, declared, notFound, notFoundError } from '@/server/errors';

/** What the member actions answer besides the caller's and the body's refusals. */
export const MEMBER_ERRORS = [
  declared(
    'BAD_REQUEST',
    'Not enough allocatable credits in the tenant pool for the credits asked, or both or neither of `shared` and `credits`',
  ),
  notFoundError('member account'),
  declared(
    'CONFLICT',
    'An account with this email already exists in this tenant; or the member spent or holds part of the credits being moved (try again in a few seconds)',
  ),
];

export interface MemberView {
  account_id: string;
  email: string;
  nickname: string;
  api_key: string;
  mode: 'shared' | 'dedicated';
  shared: boolean;
  /** Dedicated credits left; null in shared mode. */
  credits: number | null;
  /** Credits this member's work has consumed (charges less refunds), in either mode. */
  spent: number;
  disabled: boolean;
  /** The policy of its keys that have none of their own (docs/security.md → Keys); null: none. */
  default_key_policy: KeyPolicy | null;
  created_at: string;
}

const insufficient = (allocatable: number) =>
  new AppError(
    'BAD_REQUEST',
    `Allocatable credits are insufficient: at most ${allocatable} credits can be given to this member`,
    {
      reason: 'insufficient_credits',
    },
  );

async function lockAccount(tx: Db, tenantId: string, accountId: string): Promise<Account> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, tenantId)))
    .for('update');
  if (!row) throw notFound('Account');
  return row;
}

async function poolCredits(tx: Db, tenantId: string): Promise<number> {
  const [row] = await tx.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.credits ?? 0;
}

/** Moves `delta` credits from the pool to the member (negative: back to the pool), both rows in tx. */
async function shiftReservation(
  tx: Db,
  tenantId: string,
  accountId: string,
  delta: number,
  cap: number,
): Promise<void> {
  if (delta === 0) return;
  const kind = delta > 0 ? 'reserve' : 'release';
  const fromPool = await moveCredits(tx, { tenantId, amount: -delta, kind, ref: accountId, actorAccountId: accountId });
  if (fromPool === null) throw insufficient(cap);
  const toMember = await moveCredits(tx, { tenantId, accountId, amount: delta, kind, ref: accountId });
  if (toMember === null)
    throw new AppError(
      'CONFLICT',
      'The member has spent part of these credits meanwhile, or holds them for chat requests in progress; try again in a few seconds',
    );
}

/**
 * Credits left on a shared member's own wallet count nowhere (a shared member shows none and spends the
 * pool's). Before refunds looked at the member's mode (`refundWallet`), a refund to a member switched to
 * shared landed there; this gives such credits back to the pool with the usual release rows, one member
 * per transaction. Run by the worker; idempotent, and a no-op once nothing is stranded. Answers how many
 * members it repaired.
 */
export async function releaseStrandedCredits(db: Db): Promise<number> {
  const stranded = await db
    .select({ id: accounts.id, tenantId: accounts.tenantId })
    .from(accounts)
    .where(and(eq(accounts.shared, true), gt(accounts.credits, 0), eq(accounts.held, 0)))
    .limit(500);
  let repaired = 0;
  for (const member of stranded) {
    await db.transaction(async (tx) => {
      const row = await lockAccount(tx, member.tenantId, member.id);
      if (!row.shared || row.credits <= 0 || row.held !== 0) return;
      await shiftReservation(tx, member.tenantId, row.id, -row.credits, 0);
      repaired += 1;
    });
  }
  return repaired;
}

export async function createMember(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  who: TenantIdentity,
  input: MemberActionBody<'create'>,
): Promise<{ account: MemberView }> {
  const tenantId = who.tenantId;
  if (input.shared === true && input.credits !== undefined) {
    throw badRequest('Give either shared: true or credits, not both');
  }
  // Neither given: shared pool, the mode that needs no reservation.
  const dedicated = input.credits !== undefined || input.shared === false;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accounts)
        .values({ tenantId, email: input.email, nickname: input.nickname, shared: !dedicated, credits: 0 })
        .returning();
      if (!row) throw new AppError('INTERNAL', 'account was not created');
      const credits = input.credits ?? 0;
      if (dedicated && credits > 0) {
        await shiftReservation(tx, tenantId, row.id, credits, await poolCredits(tx, tenantId));
      }
      const key = await issueKey(tx, config.secret, tenantId, row.id);
      return { account: view({ ...row, credits }, key, 0) };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', `An account with email ${input.email} already exists in this tenant`);
    throw err;
  }
}

function view(row: Account, apiKey: string, spent: number): MemberView {
  return {
    account_id: row.id,
    email: row.email,
    nickname: row.nickname,
    api_key: apiKey,
    mode: row.shared ? 'shared' : 'dedicated',
    shared: row.shared,
    credits: row.shared ? null : row.credits,
    spent,
    disabled: row.disabled,
    default_key_policy: row.defaultKeyPolicy ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMembers(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  who: TenantIdentity,
): Promise<{ accounts: MemberView[] }> {
  const tenantId = who.tenantId;
  const rows = await db
    .select({ account: accounts, ciphertext: apiKeys.ciphertext })
    .from(accounts)
    .leftJoin(
      apiKeys,
      and(eq(apiKeys.accountId, accounts.id), eq(apiKeys.primary, true), sql`${apiKeys.revokedAt} is null`),
    )
    .where(eq(accounts.tenantId, tenantId))
    .orderBy(asc(accounts.createdAt));
  const spent = await spentByAccount(
    db,
    tenantId,
    rows.map((r) => r.account.id),
  );
  return {
    accounts: rows.map((r) =>
      view(r.account, r.ciphertext ? decryptSecret(r.ciphertext, config.secret) : '', spent.get(r.account.id) ?? 0),
    ),
  };
}

async function spentByAccount(db: Db, tenantId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerEntries.actorAccountId, spent: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, tenantId),
        inArray(ledgerEntries.actorAccountId, ids),
        inArray(ledgerEntries.kind, ['charge', 'refund']),
      ),
    )
    .groupBy(ledgerEntries.actorAccountId);
  return new Map(rows.flatMap((r) => (r.id ? [[r.id, Number(r.spent)] as const] : [])));
}

/**
 * Absolute overwrite of a member's mode and dedicated credits; switching to shared releases them.
 * Work in flight does not block a switch: its refund later finds the wallet by `refundWallet`
 * (credits/ledger.ts), which waits for this transaction's lock on the member's row.
 */
export async function setMemberQuota(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: MemberActionBody<'set-quota'>,
): Promise<{
  account: { account_id: string; mode: 'shared' | 'dedicated'; credits: number | null };
  allocatable: number;
}> {
  if ((input.shared === true) === (input.credits !== undefined)) {
    throw badRequest('Give exactly one of shared: true or credits');
  }
  const tenantId = who.tenantId;
  return db.transaction(async (tx) => {
    const row = await lockAccount(tx, tenantId, input.account_id);
    const current = row.credits;
    // Kept key resolutions carry the wallet mode: every instance drops them at commit.
    if ((input.shared === true) !== row.shared) await announceCredentialChange(tx, tenantId);
    if (input.shared === true) {
      await shiftReservation(tx, tenantId, row.id, -current, 0);
      await tx.update(accounts).set({ shared: true }).where(eq(accounts.id, row.id));
      return {
        account: { account_id: row.id, mode: 'shared', credits: null },
        allocatable: await poolCredits(tx, tenantId),
      };
    }
    const target = input.credits ?? 0;
    const pool = await poolCredits(tx, tenantId);
    if (target - current > pool) throw insufficient(pool + current);
    await shiftReservation(tx, tenantId, row.id, target - current, pool + current);
    await tx.update(accounts).set({ shared: false }).where(eq(accounts.id, row.id));
    return {
      account: { account_id: row.id, mode: 'dedicated', credits: target },
      allocatable: await poolCredits(tx, tenantId),
    };
  });
}

export async function rekeyMember(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  who: TenantIdentity,
  input: MemberActionBody<'rekey'>,
): Promise<{ account: { account_id: string; api_key: string } }> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, who.tenantId, input.account_id);
    return {
      account: {
        account_id: input.account_id,
        api_key: await issueKey(tx, config.secret, who.tenantId, input.account_id),
      },
    };
  });
}

export async function toggleMember(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: MemberActionBody<'toggle'>,
): Promise<{ account: { account_id: string; disabled: boolean } }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ disabled: input.disabled })
      .where(and(eq(accounts.id, input.account_id), eq(accounts.tenantId, who.tenantId)))
      .returning({ id: accounts.id, disabled: accounts.disabled });
    if (!row) throw notFound('Account');
    // The member's open streams end at once (delivered at commit).
    await announceCredentialChange(tx, who.tenantId);
    return { account: { account_id: row.id, disabled: row.disabled } };
  });
}
