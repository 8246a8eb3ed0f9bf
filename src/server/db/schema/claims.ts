import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { templates } from './templates';
import { tenantRef, tenants } from './tenants';
import { claimStates } from '@/contracts/claims';
import { at, ownedBy, stamp, uuidKey } from './columns';

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
  },
  (t) => [index('claim_codes_tenant_created_idx').on(t.tenantId, t.createdAt.desc())],
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
