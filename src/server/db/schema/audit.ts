import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { serialKey, stamp } from './columns';

/**
 * The operator's audit log: one row per operator action that changed something (the REST
 * `POST /api/admin` and the operator console alike), written in the action's own transaction.
 * `before`/`after` hold the changed object's fields (secrets never: a new key is recorded as issued,
 * not shown); `body` the action's input with secrets removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialKey(),
    at: stamp(),
    /** Who acted: `admin-key` (REST), `operator-console`, `studio`, or a tenant on its own data (`tenant-key`, `tenant-console`, `member-key`). */
    actor: text().notNull(),
    /** The operator account that acted (`operator-console` signed in with an account); null otherwise. */
    actorId: uuid(),
    /** The actor as the audit page names it: the operator's e-mail; null for the key and Studio. */
    actorName: text(),
    action: text().notNull(),
    /** What the action changed: `tenant`, `upstream`, `claim`, `skill`, … and its id or name. */
    targetKind: text(),
    targetId: text(),
    /** The tenant concerned, when there is one (for filtering a tenant's history). */
    tenantId: uuid(),
    body: jsonb().$type<Record<string, unknown>>(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    requestId: text(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_tenant_idx').on(t.tenantId, t.id)],
);

export type AuditRow = typeof auditLog.$inferSelect;
