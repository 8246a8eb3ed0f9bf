import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants } from './tenants';

/**
 * People who sign in to the console with email and password: tenant administrators, and buyers whose
 * platform account was opened by redeeming a claim code (their `tenantId` is their personal tenant).
 */
export const consoleUsers = pgTable(
  'console_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['tenant_admin', 'platform_account'] }).notNull(),
    tenantId: uuid().references(() => tenants.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('console_users_email_uq').on(sql`lower(${t.email})`), index('console_users_tenant_idx').on(t.tenantId)],
);

export type ConsoleUser = typeof consoleUsers.$inferSelect;
