import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { at, serialKey, stamp } from './columns';
import { tenantRef } from './tenants';

/**
 * adjust: operator grant or correction; charge/refund: work paid for and given back;
 * reserve/release: credits moved between the tenant pool and a member's dedicated credits;
 * claim: credits put into a claim code (negative), returned when it is disabled unredeemed, or
 * granted to the buyer's platform account on redemption (positive).
 */
export const ledgerKinds = ['adjust', 'charge', 'refund', 'reserve', 'release', 'claim'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];
/**
 * `article`: copy written by `POST /api/article` (recorded as `chat` before articles had their own
 * category). `GET /api/tenant-usage` reports it inside `chat`, the spec's bucket; the console shows it apart.
 */
export const usageCategories = ['image', 'video', 'chat', 'reverse', 'other', 'article'] as const;
export type UsageCategory = (typeof usageCategories)[number];

/**
 * The append-only credit ledger. Each row moves credits in one wallet: the tenant pool
 * (account_id null) or one member's dedicated credits. For every wallet the sum of its rows
 * equals its balance, because a row is written in the same transaction as the balance change.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serialKey(),
    tenantId: tenantRef(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    balanceAfter: integer().notNull(),
    kind: text({ enum: ledgerKinds }).notNull(),
    category: text({ enum: usageCategories }),
    /** The member whose work caused the movement (a shared member spends the tenant pool). */
    actorAccountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    /** The job, claim or other record this movement belongs to. */
    ref: text(),
    note: text(),
    createdAt: stamp(),
  },
  (t) => [index('ledger_tenant_created_idx').on(t.tenantId, t.createdAt), index('ledger_account_idx').on(t.accountId)],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

/**
 * Credits one serving process has set aside in one wallet for the chat requests it admits without a
 * database round trip each (src/server/domain/credits/holds.ts). A hold is not a movement: the
 * balance and the ledger are untouched until a request's exact charge is written, which takes the
 * credits out of the wallet and out of its hold together. The wallet's `held` column is the sum of its
 * holds. A process renews its holds while it lives; one past `expires_at` (its process died) is
 * given back by the sweep of any other.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: uuid().primaryKey(),
    tenantId: tenantRef(),
    /** null: the tenant pool; otherwise that member's dedicated credits. */
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    expiresAt: at().notNull(),
    createdAt: stamp(),
  },
  (t) => [
    index('credit_holds_expires_idx').on(t.expiresAt),
    check('credit_holds_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);
