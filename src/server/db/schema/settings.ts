import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Platform-wide values shared by every instance, e.g. the digest of a generated admin key. */
export const platformSettings = pgTable('platform_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
