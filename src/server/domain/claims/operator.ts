/** Claim codes across every tenant, as the operator looks them up (`claim-list`). */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ClaimState } from '@/contracts/claims';
import type { AdminActionBody } from '@/contracts/admin';
import { claimCodes, templates, tenants } from '@/server/db/schema';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { claimUrl } from './claims';
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
      at: sql<string>`to_char(${claimCodes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(claimCodes)
    .innerJoin(tenants, eq(tenants.id, claimCodes.tenantId))
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
    claims: page.map(({ row: r, tenantName }) => ({
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
    })),
    next_cursor: rows.length > input.limit && last ? `${last.at}_${last.row.id}` : null,
  };
}
