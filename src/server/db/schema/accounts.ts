import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { KeyPolicy } from './key-policy';
import { stamp, uuidKey } from './columns';
import { tenantRef } from './tenants';

/** Member accounts of a tenant. A shared account spends the tenant pool; a dedicated one its own credits. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuidKey(),
    tenantId: tenantRef(),
    email: text().notNull(),
    nickname: text().notNull(),
    shared: boolean().notNull().default(true),
    /** Dedicated credits left (only meaningful when shared is false). */
    credits: integer().notNull().default(0),
    /** Part of the dedicated credits set aside by chat holds (see `tenants.held`). */
    held: integer().notNull().default(0),
    disabled: boolean().notNull().default(false),
    /** The policy of this member's keys that have none of their own (applied whole; docs/security.md → Keys). */
    defaultKeyPolicy: jsonb().$type<KeyPolicy>(),
    createdAt: stamp(),
  },
  (t) => [
    index('accounts_tenant_idx').on(t.tenantId),
    uniqueIndex('accounts_tenant_email_uq').on(t.tenantId, sql`lower(${t.email})`),
    check('accounts_credits_non_negative', sql`${t.credits} >= 0`),
    check('accounts_held_within_credits', sql`${t.held} between 0 and ${t.credits}`),
  ],
);

export type Account = typeof accounts.$inferSelect;
