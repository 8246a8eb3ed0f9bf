import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { templates } from './templates';
import { tenantRef, tenants } from './tenants';
import { claimStates } from '@/contracts/claims';
import { at, ownedBy, stamp, uuidKey } from './columns';

/**
 * A batch of claim codes made at once (same credits and templates, one note such as a shop order
 * range). Its codes are `claim_codes` rows naming it; their product copy and reply text are the batch's.
 */
export const claimBatches = pgTable(
  'claim_batches',
  {
    id: uuidKey(),
    tenantId: tenantRef(),
    note: text().notNull().default(''),
    credits: integer().notNull(),
    templateIds: jsonb().$type<string[]>().notNull(),
    count: integer().notNull(),
    productCopy: text().notNull(),
    replyText: text().notNull(),
    /** Idempotency-Key of the request that made it, and a hash of that request's body. */
    idempotencyKey: text(),
    requestHash: text(),
    createdAt: stamp(),
    /** When the operator disabled the batch (its open codes with it). */
    disabledAt: at(),
  },
  (t) => [
    index('claim_batches_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    uniqueIndex('claim_batches_tenant_idempotency_idx')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export type ClaimBatch = typeof claimBatches.$inferSelect;

/**
 * A claim code a tenant sells: credits taken from its pool at creation and a set of templates. A buyer
 * redeems it once on the public page; that opens (or tops up) the buyer's platform account.
 */
export const claimCodes = pgTable(
  'claim_codes',
  {
    id: uuidKey(),
    code: text().notNull().unique(),
    tenantId: tenantRef(),
    credits: integer().notNull(),
    templateIds: jsonb().$type<string[]>().notNull(),
    note: text().notNull().default(''),
    tutorialPdfUrl: text(),
    tutorialPdfTitle: text(),
    productCopy: text().notNull(),
    replyText: text().notNull(),
    productImages: jsonb().$type<string[]>().notNull().default([]),
    state: text({ enum: claimStates }).notNull().default('open'),
    /** The buyer's personal tenant, once redeemed. */
    redeemedTenantId: uuid().references(() => tenants.id, { onDelete: 'set null' }),
    redeemedEmail: text(),
    redeemedNickname: text(),
    redeemedAt: at(),
    /** Idempotency-Key of the winning redemption and its answer (encrypted: it may hold a first password). */
    redeemKey: text(),
    redeemAnswerCiphertext: text(),
    disabledAt: at(),
    createdAt: stamp(),
    /** The batch it was made in; null for a code made on its own. */
    batchId: uuid().references(() => claimBatches.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('claim_codes_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    index('claim_codes_batch_idx').on(t.batchId),
  ],
);

export type ClaimCode = typeof claimCodes.$inferSelect;

/** Gated templates whose full content a tenant (a buyer's personal tenant) may read and use. */
export const templateGrants = pgTable(
  'template_grants',
  {
    tenantId: tenantRef(),
    templateId: ownedBy(() => templates.id),
    claimId: uuid().references(() => claimCodes.id, { onDelete: 'set null' }),
    createdAt: stamp(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.templateId] })],
);
