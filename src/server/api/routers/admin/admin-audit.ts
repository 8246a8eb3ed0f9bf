import { adminReadActions } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { auditActor, auditActorAccount, recordAudit } from '@/server/domain/audit/audit';
import { auditBody } from '@/server/domain/audit/redact';
import {
  claimBatchSnapshot,
  claimSnapshot,
  mailSnapshot,
  skillSnapshot,
  upstreamSnapshot,
} from '@/server/domain/audit/targets';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import { consoleUserSnapshot } from '@/server/domain/operators/operators';
import { tenantSnapshot } from '@/server/domain/tenants/tenants';
import { currentRequestId } from '@/server/request-id';
import type { Action, ActionMap } from '@/server/api/action-map';

/**
 * The audit log of operator actions. Every action of the table is audited unless it is listed in
 * ADMIN_READS: it runs in one transaction with its audit row, so a refused or failed action leaves
 * no row and a successful one always has one. What an action changed is found by AUDIT_TARGETS, or
 * by default from its body (`tenant_id` → the tenant; an `upstream-…` action's `name` → the upstream);
 * an action without a known target is still recorded, with its body.
 */

/** The actions that change nothing: not audited, and queries in the console (listed in the contract). */
export const ADMIN_READS = adminReadActions;

type Body = Record<string, unknown>;
interface Snapshot {
  tenantId: string | null;
  fields: Record<string, unknown>;
}
interface Target {
  kind: string;
  id: string;
  snapshot: (tx: Db, id: string) => Promise<Snapshot | null>;
}
interface AuditSpec {
  /** The object the action changes, from its body and (once it ran) its answer. */
  target: (body: Body, answer?: Body) => Target | null;
  /** Facts the `after` records beyond the object's fields, e.g. that a key was issued (never the key). */
  extra?: (answer: Body) => Record<string, unknown>;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const field = (o: Body | undefined, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Body)[k] : undefined), o);

const tenant = (id: string | null): Target | null =>
  id
    ? {
        kind: 'tenant',
        id,
        snapshot: async (tx, tid) => ((f) => (f ? { tenantId: tid, fields: f } : null))(await tenantSnapshot(tx, tid)),
      }
    : null;
const upstream = (name: string | null): Target | null =>
  name
    ? {
        kind: 'upstream',
        id: name,
        snapshot: async (tx, n) => ((f) => (f ? { tenantId: null, fields: f } : null))(await upstreamSnapshot(tx, n)),
      }
    : null;
const keyIssued = () => ({ api_key: 'issued' });

/** Actions whose target the default cannot find. */
const AUDIT_TARGETS: Partial<Record<string, AuditSpec>> = {
  'tenant-create': { target: (_b, a) => tenant(text(field(a, 'tenant', 'id'))), extra: keyIssued },
  'tenant-rekey': { target: (b) => tenant(text(b.tenant_id)), extra: keyIssued },
  'social-claim-disable': {
    target: (b) => {
      const code = text(b.code)?.trim().toUpperCase();
      return code ? { kind: 'claim', id: code, snapshot: async (tx, c) => claimSnapshot(tx, c) } : null;
    },
  },
  'claim-batch-disable': {
    target: (b) => {
      const id = text(b.batch_id);
      return id ? { kind: 'claim-batch', id, snapshot: async (tx, i) => claimBatchSnapshot(tx, i) } : null;
    },
  },
  'skill-upsert': {
    target: (b) => {
      const slug = text(b.slug);
      return slug
        ? {
            kind: 'skill',
            id: slug,
            snapshot: async (tx, s) => ((f) => (f ? { tenantId: null, fields: f } : null))(await skillSnapshot(tx, s)),
          }
        : null;
    },
  },
};

AUDIT_TARGETS['mail-pass-on'] = {
  target: (b) => {
    const id = text(b.id);
    return id ? { kind: 'mail', id, snapshot: async (tx, m) => mailSnapshot(tx, m) } : null;
  },
};

const consoleUser = (id: string | null): Target | null =>
  id ? { kind: 'console-user', id, snapshot: async (tx, i) => consoleUserSnapshot(tx, i) } : null;
AUDIT_TARGETS['operator-create'] = { target: (_b, a) => consoleUser(text(field(a, 'operator', 'id'))) };
AUDIT_TARGETS['operator-disable'] = { target: (b) => consoleUser(text(b.operator_id)) };
AUDIT_TARGETS['user-two-factor-reset'] = {
  target: (b, a) => consoleUser(text(field(a, 'user', 'id'))) ?? consoleUser(text(b.email)),
};

const byDefault = (action: string): AuditSpec => ({
  target: (b) => tenant(text(b.tenant_id)) ?? (action.startsWith('upstream-') ? upstream(text(b.name)) : null),
});

interface AuditedCtx {
  db: Db;
  identity: AdminIdentity;
}

/** Runs one action in a transaction with its audit row: the object before, the action, the object after, the row. */
async function runAudited<C extends AuditedCtx>(action: string, entry: Action<C>, ctx: C, body: Body): Promise<Body> {
  const spec = AUDIT_TARGETS[action] ?? byDefault(action);
  return ctx.db.transaction(async (tx) => {
    const first = spec.target(body);
    const before = first ? await first.snapshot(tx, first.id) : null;
    const answer = (await entry.handler({ ...ctx, db: tx }, body)) as Body;
    const target = spec.target(body, answer) ?? first;
    const after = target ? await target.snapshot(tx, target.id) : null;
    const extra = spec.extra?.(answer);
    await recordAudit(tx, {
      actor: auditActor(ctx.identity),
      ...auditActorAccount(ctx.identity),
      action,
      targetKind: target?.kind ?? null,
      targetId: target?.id ?? null,
      tenantId: after?.tenantId ?? before?.tenantId ?? null,
      body: auditBody(body),
      before: before?.fields ?? null,
      after: after || extra ? { ...after?.fields, ...extra } : null,
      requestId: currentRequestId() ?? null,
    });
    return answer;
  });
}

/** The same action table with every action that is not a read audited; both the REST endpoint and the console run this one. */
export function audited<M extends ActionMap<never>>(map: M, reads: readonly string[] = ADMIN_READS): M {
  const entries = Object.entries(map as unknown as ActionMap<AuditedCtx>);
  return Object.fromEntries(
    entries.map(([name, entry]) => [
      name,
      reads.includes(name)
        ? entry
        : { ...entry, handler: (ctx: AuditedCtx, body: Body) => runAudited(name, entry, ctx, body) },
    ]),
  ) as unknown as M;
}
