import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { at, ownedBy, uuidKey } from './columns';

/**
 * Credits charged with a key in one period of its `spend_cap` (`day:2026-11-30`, `week:2026-11-30`
 * (its Monday), `month:2026-11`; Asia/Shanghai calendar). A charge adds to its row only while the
 * sum stays within the cap, in the charge's own transaction (the row lock orders concurrent charges);
 * a refund takes its credits back off.
 */
export const keySpend = pgTable(
  'key_spend',
  {
    keyId: ownedBy(() => apiKeys.id),
    period: text().notNull(),
    spent: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.period] })],
);

/**
 * The open chat streams of keys with a `max_concurrent` policy, across every instance. A row is
 * removed when its answer ends; one whose process died counts until `expires_at`.
 */
export const keyStreams = pgTable(
  'key_streams',
  {
    id: uuidKey(),
    keyId: uuid()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    expiresAt: at().notNull(),
  },
  (t) => [index('key_streams_key_idx').on(t.keyId)],
);
