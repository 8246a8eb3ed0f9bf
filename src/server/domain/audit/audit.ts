import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AdminActionBody } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { auditLog, tenants } from '@/server/db/schema';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';

/** Who acted: the operator (by key or console), Studio itself, or a tenant on its own data (its key, its console, a member key). */
export type AuditActor = 'admin-key' | 'operator-console' | 'studio' | 'tenant-key' | 'tenant-console' | 'member-key';

export const auditActor = (who: AdminIdentity): AuditActor =>
  who.via === 'session' ? 'operator-console' : who.via === 'key' ? 'admin-key' : 'studio';

/** The operator account that acted, for the audit row: its id and e-mail (the name the audit page shows). */
export const auditActorAccount = (who: AdminIdentity): { actorId: string | null; actorName: string | null } => ({
  actorId: who.operator?.id ?? null,
  actorName: who.operator?.email ?? null,
});

export interface AuditRecord {
  actor: AuditActor;
  /** The operator account that acted (see `auditActorAccount`); left out: none. */
  actorId?: string | null;
  actorName?: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  tenantId: string | null;
  body: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string | null;
}

/** Writes one audit row; called inside the action's transaction, so it stands or falls with the change. */
export async function recordAudit(tx: Db, r: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values(r);
}

export interface AuditEntryView {
  id: string;
  at: string;
  actor: string;
  /** The operator account's e-mail when one acted; null: the super-administrator key, Studio, or a tenant. */
  actor_name: string | null;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  tenant_id: string | null;
  tenant_name: string | null;
  body: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
}

export const AUDIT_PAGE = 50;

/** The audit log, newest first, optionally of one tenant or one action; `cursor` is the last id seen. */
export async function listAudit(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'audit-list'>,
): Promise<{ entries: AuditEntryView[]; next_cursor: string | null }> {
  const limit = input.limit ?? AUDIT_PAGE;
  const where: SQL[] = [];
  if (input.tenant_id) where.push(eq(auditLog.tenantId, input.tenant_id));
  if (input.audited_action) where.push(eq(auditLog.action, input.audited_action));
  if (input.cursor) where.push(lt(auditLog.id, Number(input.cursor)));
  const rows = await db
    .select({ a: auditLog, tenantName: tenants.name })
    .from(auditLog)
    .leftJoin(tenants, eq(tenants.id, auditLog.tenantId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(({ a, tenantName }) => ({
      id: String(a.id),
      at: a.at.toISOString(),
      actor: a.actor,
      actor_name: a.actorName,
      action: a.action,
      target_kind: a.targetKind,
      target_id: a.targetId,
      tenant_id: a.tenantId,
      tenant_name: tenantName,
      body: a.body,
      before: a.before,
      after: a.after,
      request_id: a.requestId,
    })),
    next_cursor: rows.length > limit && page.length > 0 ? String(page[page.length - 1]?.a.id) : null,
  };
}
