import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { callStatuses, loggedCallKinds } from '@/contracts/calls';
import { accounts } from './accounts';
import { stamp } from './columns';
import { tenantRef } from './tenants';

/**
 * The call log's own rows: one per chat completion and image reading, answered or refused (image,
 * video, article and image-to-template calls are their `jobs` rows, read beside these). Written in
 * batches by src/server/domain/calls/record.ts; pruned after the retention (docs/operations.md).
 * Never names an upstream or provider: `model` is what the caller asked for (a family or `auto`),
 * `family` the family that answered.
 */
export const callLog = pgTable(
  'call_log',
  {
    id: uuid().primaryKey(),
    tenantId: tenantRef(),
    /** The member whose key or wallet made the call; null for the tenant's key or console session. */
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    /** How the caller came: `key` (an API key, the tenant's or a member's) or `console` (a session). */
    via: text({ enum: ['key', 'console'] }).notNull(),
    kind: text({ enum: loggedCallKinds }).notNull(),
    status: text({ enum: callStatuses }).notNull(),
    /** What the caller asked for: a model family, `auto`, or null when the request named none. */
    model: text(),
    /** The family that answered, when one did. */
    family: text(),
    /** Credits charged (what the ledger's charge under `ref` took). */
    credits: integer().notNull().default(0),
    /** Credits given back under `ref` (all of them when nothing was delivered). */
    creditsRefunded: integer().notNull().default(0),
    tokensIn: integer(),
    tokensOut: integer(),
    latencyMs: integer(),
    requestId: text(),
    /** The ledger ref of its charge (`chat-<uuid>`, `reverse-<uuid>`). */
    ref: text().notNull(),
    /** Machine-readable cause of a refusal or failure (`PAYMENT_REQUIRED`, `upstream_error`, ...). */
    errorCode: text(),
    /** A short description for the caller (why it failed, how a stream ended); never an upstream's name. */
    note: text(),
    createdAt: stamp(),
  },
  (t) => [
    index('call_log_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('call_log_account_created_idx').on(t.accountId, t.createdAt.desc()),
    index('call_log_created_idx').on(t.createdAt),
  ],
);

export type CallLogRow = typeof callLog.$inferSelect;
