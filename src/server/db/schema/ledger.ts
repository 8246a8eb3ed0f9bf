import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { serialKey, stamp } from './columns';
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
  (t) => [
    index('ledger_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('ledger_account_idx').on(t.accountId),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
