import { sql } from 'drizzle-orm';
import { check, integer, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { at, stamp, uuidKey } from './columns';

export const tenants = pgTable(
  'tenants',
  {
    id: uuidKey(),
    name: text().notNull(),
    /** `organization`: a paying tenant; `personal`: the platform account a buyer opened by redeeming a claim code. */
    kind: text({ enum: ['organization', 'personal'] })
      .notNull()
      .default('organization'),
    quotaMonthly: integer().notNull().default(0),
    /** The allocatable pool: usable by the tenant key and shared-pool members. */
    credits: integer().notNull().default(0),
    /**
     * Part of `credits` set aside by chat holds (src/server/domain/credits/holds.ts): still the
     * tenant's, but no other spend may take it; the sum of the pool's rows in `credit_holds`.
     */
    held: integer().notNull().default(0),
    /** Operator binding: a model family or a channel name that all of this tenant's requests route inside. */
    boundModel: text(),
    /** Multiplies the platform's CNY price of a credit (STUDIO_CREDIT_CNY) for this tenant's `charged_cny`. */
    markup: real().notNull().default(1),
    /** Signs callbacks (Standard Webhooks); encrypted with the server secret, readable by the tenant. */
    webhookSecretCiphertext: text(),
    /** Set by the operator: the tenant's keys and console sessions stop at once; its data is kept. */
    disabledAt: at(),
    createdAt: stamp(),
  },
  (t) => [
    check('tenants_credits_non_negative', sql`${t.credits} >= 0`),
    check('tenants_held_within_credits', sql`${t.held} between 0 and ${t.credits}`),
  ],
);

export type Tenant = typeof tenants.$inferSelect;

/** The owning tenant of a row: required, and the row goes with the tenant. */
export const tenantRef = () =>
  uuid()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
