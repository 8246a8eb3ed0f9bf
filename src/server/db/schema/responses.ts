import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { stamp } from './columns';
import { tenantRef } from './tenants';

/**
 * Responses kept for `previous_response_id` and `GET /api/responses/{id}` (OpenAI's Responses API,
 * `store` not false), per tenant and, for a member key, per member; pruned after the retention
 * (src/server/domain/responses/store.ts).
 */
export const storedResponses = pgTable(
  'stored_responses',
  {
    /** OpenAI's form of id: `resp_` and 32 hex digits. */
    id: text().primaryKey(),
    tenantId: tenantRef(),
    /** The member whose key made it; null for the tenant's own key or console session. */
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    /** The conversation before the answer, as input items (a previous response's included), without `instructions`. */
    context: jsonb().$type<unknown[]>().notNull(),
    /** The Response object as it was answered. */
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: stamp(),
  },
  (t) => [
    index('stored_responses_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('stored_responses_account_idx').on(t.accountId),
    index('stored_responses_created_idx').on(t.createdAt),
  ],
);

export type StoredResponse = typeof storedResponses.$inferSelect;
