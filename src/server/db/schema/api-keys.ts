import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { at, stamp, uuidKey } from './columns';
import { tenantRef } from './tenants';

/**
 * API keys. The spec returns member keys in plain text in the account list, so a key is kept
 * encrypted (AES-256-GCM with the server secret) plus a SHA-256 digest used for look-up.
 * A key with no account is the tenant key. Rekey revokes the row and inserts a new one.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidKey(),
    digest: text().notNull().unique(),
    ciphertext: text().notNull(),
    tenantId: tenantRef(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: stamp(),
    revokedAt: at(),
  },
  (t) => [index('api_keys_tenant_idx').on(t.tenantId), index('api_keys_account_idx').on(t.accountId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
