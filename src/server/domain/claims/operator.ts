/** Claim codes across every tenant, as the operator looks them up (`claim-list`). */
import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ClaimState } from '@/contracts/claims';
import type { AdminActionBody } from '@/contracts/admin';
import { claimBatches, claimCodes, templates, tenants } from '@/server/db/schema';
import { moveCredits } from '@/server/domain/credits/ledger';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { claimUrl } from './claim-texts';
import { fieldError, notFound } from '@/server/errors';

export interface OperatorClaim {
  code: string;
  claim_url: string;
  tenant: { id: string; name: string };
  credits: number;
  templates: { id: string; slug: string; zh_name: string }[];
  state: ClaimState;
  note: string;
  created_at: string;
  redeemed_at: string | null;
  redeemed_by: { nickname: string; email: string } | null;
  disabled_at: string | null;
  /** The batch it was made in (its id and note); null for a code made on its own. */
  batch: { id: string; note: string } | null;
}

/**
 * A page cursor names the last row shown: its creation time to the microsecond (as PostgreSQL keeps
 * it; a JavaScript date would drop the last three digits and skip rows) and its id, which orders
 * codes made in the same microsecond.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/;

/** `%` and `_` in a search are letters, not patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every tenant's claim codes, newest first: the code, its tenant, what it gives, its state and who
 * redeemed it. `q` finds a code (any part of it, case-insensitive), a tenant by name or a buyer by
 * e-mail; `tenant_id` and `state` narrow; `cursor` is the previous page's `next_cursor`.
 */
export async function listClaimsForOperator(
  { db, config }: { db: Db; config: Pick<Config, 'publicBaseUrl'> },
  _who: AdminIdentity,
  input: AdminActionBody<'claim-list'>,
): Promise<{ claims: OperatorClaim[]; next_cursor: string | null }> {
  const conds: SQL[] = [];
  if (input.tenant_id) {
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, input.tenant_id));
    if (!tenant) throw notFound(`Tenant ${input.tenant_id}`);
    conds.push(eq(claimCodes.tenantId, input.tenant_id));
  }
  if (input.state) conds.push(eq(claimCodes.state, input.state));
  const q = input.q?.trim();
  if (q) {
    const pattern = `%${likeEscaped(q)}%`;
    const found = or(
      ilike(claimCodes.code, pattern),
      ilike(tenants.name, pattern),
      ilike(claimCodes.redeemedEmail, pattern),
    );
    if (found) conds.push(found);
  }
  if (input.cursor) {
    const m = CURSOR.exec(input.cursor);
    if (!m) throw fieldError(['cursor'], 'pass next_cursor from the previous page');
    conds.push(sql`(${claimCodes.createdAt}, ${claimCodes.id}) < (${m[1]}::timestamptz, ${m[2]}::uuid)`);
  }
  const rows = await db
    .select({
      row: claimCodes,
      tenantName: tenants.name,
      batchNote: claimBatches.note,
      at: sql<string>`to_char(${claimCodes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(claimCodes)
    .innerJoin(tenants, eq(tenants.id, claimCodes.tenantId))
    .leftJoin(claimBatches, eq(claimBatches.id, claimCodes.batchId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(claimCodes.createdAt), desc(claimCodes.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const ids = [...new Set(page.flatMap((r) => r.row.templateIds))];
  const names = ids.length
    ? await db
        .select({ id: templates.id, slug: templates.slug, zhName: templates.zhName })
        .from(templates)
        .where(inArray(templates.id, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, n]));
  const last = page.at(-1);
  return {
    claims: page.map(({ row: r, tenantName, batchNote }) => ({
      code: r.code,
      claim_url: claimUrl(config, r.code),
      tenant: { id: r.tenantId, name: tenantName },
      credits: r.credits,
      templates: r.templateIds
        .map((id) => byId.get(id))
        .filter((t): t is NonNullable<typeof t> => !!t)
        .map((t) => ({ id: t.id, slug: t.slug, zh_name: t.zhName })),
      state: r.state,
      note: r.note,
      created_at: r.createdAt.toISOString(),
      redeemed_at: r.redeemedAt?.toISOString() ?? null,
      redeemed_by: r.redeemedAt ? { nickname: r.redeemedNickname ?? '', email: r.redeemedEmail ?? '' } : null,
      disabled_at: r.disabledAt?.toISOString() ?? null,
      batch: r.batchId ? { id: r.batchId, note: batchNote ?? '' } : null,
    })),
    next_cursor: rows.length > input.limit && last ? `${last.at}_${last.row.id}` : null,
  };
}

/**
 * Operator: disables a whole batch. Its open codes become disabled and their credits go back to the
 * tenant's pool in one `claim` ledger row; redeemed codes stay with their buyers. One transaction;
 * doing it again changes nothing.
 */
export async function disableClaimBatch(
  { db }: { db: Db },
  _who: AdminIdentity,
  input: AdminActionBody<'claim-batch-disable'>,
): Promise<{ batch: { id: string; codes_disabled: number; credits_returned: number; redeemed: number } }> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(claimBatches).where(eq(claimBatches.id, input.batch_id)).for('update');
    if (!batch) throw notFound(`Claim batch ${input.batch_id}`);
    const now = new Date();
    const closed = await tx
      .update(claimCodes)
      .set({ state: 'disabled', disabledAt: now })
      .where(and(eq(claimCodes.batchId, batch.id), eq(claimCodes.state, 'open'), isNull(claimCodes.disabledAt)))
      .returning({ credits: claimCodes.credits });
    const returned = closed.reduce((sum, c) => sum + c.credits, 0);
    if (returned > 0) {
      await moveCredits(tx, {
        tenantId: batch.tenantId,
        amount: returned,
        kind: 'claim',
        ref: `claim-batch:${batch.id}`,
        note: `claim batch disabled: ${closed.length} unredeemed codes`,
      });
    }
    if (!batch.disabledAt) await tx.update(claimBatches).set({ disabledAt: now }).where(eq(claimBatches.id, batch.id));
    const [redeemed] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(claimCodes)
      .where(and(eq(claimCodes.batchId, batch.id), eq(claimCodes.state, 'redeemed')));
    return {
      batch: { id: batch.id, codes_disabled: closed.length, credits_returned: returned, redeemed: redeemed?.n ?? 0 },
    };
  });
}
