import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { KeyKind } from '@/contracts/keys';
import { accounts } from './accounts';
import { at, stamp, uuidKey } from './columns';
import { tenantRef } from './tenants';

/** How long a spend cap's period lasts; each starts at midnight Asia/Shanghai (a week on Monday). */
export type SpendPeriod = 'day' | 'week' | 'month';

/** What a key may do (docs/security.md → Keys); an absent field restricts nothing. */
export interface KeyPolicy {
  /** The kinds of work the key may start (`image`, `video`, `chat`, `article`, `reading`, `image-to-template`). */
  kinds?: KeyKind[];
  /** After this moment (ISO 8601) the key answers 401. */
  expires_at?: string;
  /** CIDR ranges (IPv4 or IPv6) the client address must fall in. */
  allowed_ips?: string[];
  /** Requests per minute, counted for this key alone. */
  requests_per_minute?: number;
  /** The model families, channel names or video tiers requests may name (`auto` for none named). */
  models?: string[];
  /** The most of this key's jobs in flight (pending) plus open chat streams at once. */
  max_concurrent?: number;
  /** The most credits charged with this key per Shanghai calendar period. */
  spend_cap?: { credits: number; period: SpendPeriod };
}

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
