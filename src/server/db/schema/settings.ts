import { pgTable, text } from 'drizzle-orm/pg-core';
import { stamp } from './columns';

/** Platform-wide values shared by every instance, e.g. the digest of a generated admin key. */
export const platformSettings = pgTable('platform_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: stamp(),
});
