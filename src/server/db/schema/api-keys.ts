import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { at, stamp, uuidKey } from './columns';
import { tenantRef } from './tenants';

import type { KeyPolicy } from './key-policy';

export type { KeyPolicy, SpendPeriod } from './key-policy';

/**
 * API keys. The spec returns a member's key in plain text in the account list, so the primary key
 * (one live per tenant and per member) is kept encrypted (AES-256-GCM with the server secret) plus a
 * SHA-256 digest used for look-up; a rekey revokes the row and inserts a new one. Named keys
 * (`primary` false) are shown once and kept as the digest only, with a label, a policy and the last
 * use (written at most once a minute). A key with no account belongs to the tenant.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidKey(),
    digest: text().notNull().unique(),
    ciphertext: text(),
    tenantId: tenantRef(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    primary: boolean().notNull().default(true),
    label: text(),
    /** `sk-studio-…` and the last four characters, for lists. */
    hint: text(),
    policy: jsonb().$type<KeyPolicy>(),
    lastUsedAt: at(),
    lastUsedFrom: text(),
    createdAt: stamp(),
    revokedAt: at(),
  },
  (t) => [index('api_keys_tenant_idx').on(t.tenantId), index('api_keys_account_idx').on(t.accountId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
