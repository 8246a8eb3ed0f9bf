import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { claimBatches, claimCodes, mailOutbox, skills, upstreams } from '@/server/db/schema';

/**
 * The fields of the objects operator actions change, as audit rows keep them before and after an
 * action: what an operator would compare, never a secret (an upstream's key is not among them).
 * Each read locks the row until the action commits, so `before` is what the action changed.
 */

export async function upstreamSnapshot(tx: Db, name: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx.select().from(upstreams).where(eq(upstreams.name, name)).for('no key update');
  if (!row) return null;
  return {
    provider: row.provider,
    adapter: row.adapter,
    base_url: row.baseUrl,
    families: [...new Set(row.models.map((m) => m.family))],
    enabled: row.enabled,
    rating: row.rating,
    soft_timeout_ms: row.softTimeoutMs,
    removed_reason: row.removedReason,
    source: row.source,
  };
}

export async function claimSnapshot(
  tx: Db,
  code: string,
): Promise<{ tenantId: string; fields: Record<string, unknown> } | null> {
  const [row] = await tx.select().from(claimCodes).where(eq(claimCodes.code, code)).for('no key update');
  if (!row) return null;
  return {
    tenantId: row.tenantId,
    fields: { state: row.state, credits: row.credits, disabled: row.disabledAt !== null },
  };
}

export async function skillSnapshot(tx: Db, slug: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx.select().from(skills).where(eq(skills.slug, slug)).for('no key update');
  if (!row) return null;
  return {
    zh_name: row.zhName,
    description: row.description,
    ratio: row.ratio,
    genre: row.genre,
    ref_required: row.refRequired,
    thumb: row.thumb,
    fields: row.fields,
    prompt: row.prompt,
    active: row.active,
    position: row.position,
  };
}

/** A mail's state for the audit log: to whom and how it stands, never its text. */
export async function mailSnapshot(
  tx: Db,
  id: string,
): Promise<{ tenantId: null; fields: Record<string, unknown> } | null> {
  const [mail] = await tx
    .select({ to: mailOutbox.to, kind: mailOutbox.kind, status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .for('no key update');
  return mail ? { tenantId: null, fields: mail } : null;
}

export async function claimBatchSnapshot(
  tx: Db,
  id: string,
): Promise<{ tenantId: string; fields: Record<string, unknown> } | null> {
  const [row] = await tx.select().from(claimBatches).where(eq(claimBatches.id, id)).for('no key update');
  if (!row) return null;
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(claimCodes)
    .where(and(eq(claimCodes.batchId, id), eq(claimCodes.state, 'open')));
  return {
    tenantId: row.tenantId,
    fields: { count: row.count, credits: row.credits, open: open?.n ?? 0, disabled: row.disabledAt !== null },
  };
}
