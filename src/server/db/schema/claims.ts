import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { templates } from './templates';
import { tenants } from './tenants';

export const claimStates = ['open', 'redeemed', 'disabled'] as const;
export type ClaimState = (typeof claimStates)[number];

/**
 * A claim code a tenant sells: credits taken from its pool at creation and a set of templates. A buyer
 * redeems it once on the public page; that opens (or tops up) the buyer's platform account.
 */
export const claimCodes = pgTable(
  'claim_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull().unique(),
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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
    redeemedAt: timestamp({ withTimezone: true }),
    /** Idempotency-Key of the winning redemption and its answer (encrypted: it may hold a first password). */
    redeemKey: text(),
    redeemAnswerCiphertext: text(),
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_codes_tenant_created_idx').on(t.tenantId, t.createdAt.desc())],
);

export type ClaimCode = typeof claimCodes.$inferSelect;

/** Gated templates whose full content a tenant (a buyer's personal tenant) may read and use. */
export const templateGrants = pgTable(
  'template_grants',
  {
    tenantId: uuid()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    templateId: uuid()
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    claimId: uuid().references(() => claimCodes.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.templateId] })],
);
