import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { usageCategories } from './ledger';
import { tenantRef } from './tenants';

/**
 * Daily consumption per tenant and category, in credits, on the Asia/Shanghai calendar: charges minus
 * refunds of that day. Written in the same transaction as each ledger row that moves it, so it always
 * agrees with the ledger; usage reports read it instead of scanning the ledger.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    tenantId: tenantRef(),
    day: date({ mode: 'string' }).notNull(),
    category: text({ enum: usageCategories }).notNull(),
    credits: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.category] })],
);

/** The calendar the usage days are cut by. */
export const USAGE_TIMEZONE = 'Asia/Shanghai';
