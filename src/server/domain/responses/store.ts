import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { RESPONSE_RETENTION_DAYS, type ResponseInputItem } from '@/contracts/responses';
import type { Db } from '@/server/db/client';
import { storedResponses } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';
import type { OutputItem, ResponseObject } from './output';
import { responseIdOfItem } from './output';

/**
 * Stored responses: one row per response a caller made with `store` not false, read back by the
 * caller that may see it (the tenant's own key or session: any of the tenant's; a member key: its
 * own), kept {@link RESPONSE_RETENTION_DAYS} days. Another tenant's or member's id reads as unknown.
 */

const RETENTION_MS = RESPONSE_RETENTION_DAYS * 24 * 3600_000;

/** The tenant condition, and the member's own rows for a member key; only rows within the retention. */
function visibleTo(who: ScopedIdentity) {
  return and(
    eq(storedResponses.tenantId, who.tenantId),
    who.kind === 'member' ? eq(storedResponses.accountId, who.accountId) : undefined,
    gte(storedResponses.createdAt, new Date(Date.now() - RETENTION_MS)),
  );
}

export async function saveResponse(
  db: Db,
  who: ScopedIdentity,
  context: ResponseInputItem[],
  response: ResponseObject,
): Promise<void> {
  await db.insert(storedResponses).values({
    id: response.id,
    tenantId: who.tenantId,
    accountId: who.kind === 'member' ? who.accountId : null,
    context,
    response: response as unknown as Record<string, unknown>,
    createdAt: new Date(response.created_at * 1000),
  });
}

/** `GET /api/responses/{id}`: the stored response, or OpenAI's 404 for any id the caller may not read. */
export async function readResponse(db: Db, who: ScopedIdentity, id: string): Promise<ResponseObject> {
  const [row] = await db
    .select({ response: storedResponses.response })
    .from(storedResponses)
    .where(and(eq(storedResponses.id, id), visibleTo(who)));
  if (!row) throw new AppError('NOT_FOUND', `Response with id '${id}' not found.`);
  return row.response as unknown as ResponseObject;
}

/**
 * The conversation a request continues: the previous response's context and output, then the input
 * with each `item_reference` replaced by the output item it names. 400 for an id the caller has not
 * stored, as OpenAI answers.
 */
export async function conversationOf(
  db: Db,
  who: ScopedIdentity,
  previousId: string | null | undefined,
  items: ResponseInputItem[],
): Promise<ResponseInputItem[]> {
  const refs = items.flatMap((item, i) => (item.type === 'item_reference' ? [{ i, id: item.id }] : []));
  const ids = new Set<string>(previousId ? [previousId] : []);
  for (const ref of refs) {
    const owner = responseIdOfItem(ref.id);
    if (!owner)
      throw new AppError('BAD_REQUEST', `Item with id '${ref.id}' not found.`, {
        issues: [{ path: ['input', ref.i, 'id'], message: 'not an item of a stored response' }],
      });
    ids.add(owner);
  }
  if (ids.size === 0) return items;
  const rows = await db
    .select({ id: storedResponses.id, context: storedResponses.context, response: storedResponses.response })
    .from(storedResponses)
    .where(and(inArray(storedResponses.id, [...ids]), visibleTo(who)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const outputOf = (id: string) => (byId.get(id)?.response as { output?: OutputItem[] } | undefined)?.output ?? [];
  const resolved = items.map((item, i) => {
    if (item.type !== 'item_reference') return item;
    const found = outputOf(responseIdOfItem(item.id) ?? '').find((o) => o.id === item.id);
    if (!found)
      throw new AppError('BAD_REQUEST', `Item with id '${item.id}' not found.`, {
        issues: [{ path: ['input', i, 'id'], message: 'not an item of a stored response' }],
      });
    return found as ResponseInputItem;
  });
  if (!previousId) return resolved;
  const previous = byId.get(previousId);
  if (!previous)
    throw new AppError('BAD_REQUEST', `Previous response with id '${previousId}' not found.`, {
      issues: [{ path: ['previous_response_id'], message: 'not a stored response of yours' }],
    });
  return [...(previous.context as ResponseInputItem[]), ...(outputOf(previousId) as ResponseInputItem[]), ...resolved];
}

/** The worker's prune: responses past the retention are deleted (a bounded batch per run). */
export async function pruneStoredResponses(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const batch = db
    .select({ id: storedResponses.id })
    .from(storedResponses)
    .where(lt(storedResponses.createdAt, cutoff))
    .limit(10_000);
  const deleted = await db
    .delete(storedResponses)
    .where(inArray(storedResponses.id, batch))
    .returning({ id: storedResponses.id });
  return deleted.length;
}
