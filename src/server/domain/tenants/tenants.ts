import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { OPERATOR_LOW_BALANCE } from '@/contracts/alerts';
import type { AdminActionBody } from '@/contracts/admin';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import {
  alertRules,
  accounts,
  consoleUsers,
  ledgerEntries,
  tenants,
  USAGE_TIMEZONE,
  usageDaily,
  type Tenant,
} from '@/server/db/schema';
import { bindTenant } from '@/server/upstreams/registry';
import { issueKey } from '@/server/domain/auth/api-keys';
import { announceCredentialChange } from '@/server/credential-changes';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import { encryptSecret } from '@/server/crypto';
import { hashPassword } from '@/server/domain/auth/passwords';
import { newWebhookSecret } from '@/server/domain/callbacks/secret';
import { moveCredits } from '@/server/domain/credits/ledger';
import type { Deps } from '@/server/domain/deps';
import { AppError, badRequest, notFound } from '@/server/errors';

/** A tenant as the operator API and the CLI show it. */
export interface TenantView {
  id: string;
  name: string;
  quota_monthly: number;
  credits: number;
  created_at: string;
  admin_email: string | null;
  disabled: boolean;
}

function tenantView(row: Tenant, adminEmail: string | null, credits = row.credits): TenantView {
  return {
    id: row.id,
    name: row.name,
    quota_monthly: row.quotaMonthly,
    credits,
    created_at: row.createdAt.toISOString(),
    admin_email: adminEmail,
    disabled: row.disabledAt !== null,
  };
}

/** Opens a tenant with its key, its opening credits (one ledger row) and optionally a console login. */
export async function createTenant(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  _who: AdminIdentity,
  input: AdminActionBody<'tenant-create'>,
): Promise<{ tenant: TenantView; api_key: string }> {
  if ((input.admin_email === undefined) !== (input.admin_password === undefined)) {
    throw badRequest('admin_email and admin_password go together');
  }
  const passwordHash = input.admin_password ? await hashPassword(input.admin_password) : null;
  const adminEmail = input.admin_email?.toLowerCase() ?? null;
  const secret = config.secret;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tenants)
        .values({
          name: input.name,
          quotaMonthly: input.quota_monthly,
          credits: 0,
          webhookSecretCiphertext: encryptSecret(newWebhookSecret(), secret),
        })
        .returning();
      if (!row) throw new AppError('INTERNAL', 'tenant was not created');
      let credits = 0;
      if (input.credits > 0) {
        credits =
          (await moveCredits(tx, {
            tenantId: row.id,
            amount: input.credits,
            kind: 'adjust',
            note: 'opening credits',
          })) ?? 0;
      }
      if (adminEmail && passwordHash) {
        await tx
          .insert(consoleUsers)
          .values({ kind: 'tenant_admin', tenantId: row.id, email: adminEmail, passwordHash });
      }
      const apiKey = await issueKey(tx, secret, row.id, null);
      return { tenant: tenantView(row, adminEmail, credits), api_key: apiKey };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', `A console login for ${input.admin_email} already exists`);
    throw err;
  }
}

/** A tenant as the operator's list shows it: its figures, binding, markup and members. */
export interface TenantListItem extends TenantView {
  members: number;
  kind: 'organization' | 'personal';
  bound_model: string | null;
  markup: number;
  used_month: number;
  /** The balance under which the tenant is near zero: its own pool threshold, else the platform's. */
  low_balance_threshold: number;
}

export async function listTenants(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
): Promise<{ tenants: TenantListItem[] }> {
  // This month on the usage calendar (Asia/Shanghai), as the tenant's own statistics count it.
  const monthStart = sql`date_trunc('month', (now() at time zone ${USAGE_TIMEZONE}))::date`;
  // Each figure is a grouped subquery joined on the tenant: a correlated subquery written as SQL text
  // would name the outer tenant's `id` unqualified, which binds to the inner table's own `id`.
  const logins = db
    .select({ tenantId: consoleUsers.tenantId, email: sql<string>`min(${consoleUsers.email})`.as('admin_email') })
    .from(consoleUsers)
    .groupBy(consoleUsers.tenantId)
    .as('logins');
  const members = db
    .select({ tenantId: accounts.tenantId, count: sql<number>`count(*)::int`.as('member_count') })
    .from(accounts)
    .groupBy(accounts.tenantId)
    .as('members');
  const used = db
    .select({ tenantId: usageDaily.tenantId, credits: sql<string>`sum(${usageDaily.credits})`.as('used_credits') })
    .from(usageDaily)
    .where(gte(usageDaily.day, monthStart))
    .groupBy(usageDaily.tenantId)
    .as('used');
  const low = db
    .select({ tenantId: alertRules.tenantId, threshold: sql<number>`max(${alertRules.threshold})`.as('low_threshold') })
    .from(alertRules)
    .where(and(eq(alertRules.kind, 'balance_low'), isNull(alertRules.accountId)))
    .groupBy(alertRules.tenantId)
    .as('low');
  const rows = await db
    .select({
      tenant: tenants,
      adminEmail: logins.email,
      members: members.count,
      usedMonth: used.credits,
      lowThreshold: low.threshold,
    })
    .from(tenants)
    .leftJoin(logins, eq(logins.tenantId, tenants.id))
    .leftJoin(members, eq(members.tenantId, tenants.id))
    .leftJoin(used, eq(used.tenantId, tenants.id))
    .leftJoin(low, eq(low.tenantId, tenants.id))
    .orderBy(asc(tenants.createdAt));
  return {
    tenants: rows.map((r) => ({
      ...tenantView(r.tenant, r.adminEmail),
      members: Number(r.members ?? 0),
      kind: r.tenant.kind,
      bound_model: r.tenant.boundModel,
      markup: r.tenant.markup,
      used_month: Number(r.usedMonth ?? 0),
      low_balance_threshold: r.lowThreshold === null ? OPERATOR_LOW_BALANCE : Number(r.lowThreshold),
    })),
  };
}

/** One movement of a tenant's ledger as the operator reads it. */
export interface LedgerRowView {
  id: string;
  at: string;
  kind: string;
  category: string | null;
  amount: number;
  balance_after: number;
  /** null: the tenant pool; otherwise the member whose dedicated credits moved. */
  account_id: string | null;
  /** The member whose work caused the movement, by nickname. */
  actor: string | null;
  ref: string | null;
  note: string | null;
}

export const LEDGER_PAGE = 50;

/** A tenant's ledger, newest first; `cursor` is the last id of the previous page. */
export async function listTenantLedger(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'tenant-ledger'>,
): Promise<{ entries: LedgerRowView[]; next_cursor: string | null }> {
  await getTenant(db, input.tenant_id);
  const limit = input.limit ?? LEDGER_PAGE;
  const where: SQL[] = [eq(ledgerEntries.tenantId, input.tenant_id)];
  if (input.cursor) where.push(lt(ledgerEntries.id, Number(input.cursor)));
  const rows = await db
    .select({ e: ledgerEntries, actor: accounts.nickname })
    .from(ledgerEntries)
    .leftJoin(accounts, eq(accounts.id, ledgerEntries.actorAccountId))
    .where(and(...where))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ e, actor }) => ({
      id: String(e.id),
      at: e.createdAt.toISOString(),
      kind: e.kind,
      category: e.category,
      amount: e.amount,
      balance_after: e.balanceAfter,
      account_id: e.accountId,
      actor,
      ref: e.ref,
      note: e.note,
    })),
    next_cursor: rows.length > limit && last ? String(last.e.id) : null,
  };
}

/** The fields of a tenant an operator action may change, as its audit row keeps them (locked until the action commits). */
export async function tenantSnapshot(tx: Db, tenantId: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for('update');
  if (!row) return null;
  return {
    name: row.name,
    credits: row.credits,
    quota_monthly: row.quotaMonthly,
    bound_model: row.boundModel,
    markup: row.markup,
    disabled: row.disabledAt !== null,
  };
}

/** The tenant row, or 404; a building block for operations that have checked who may read it. */
export async function getTenant(db: Db, tenantId: string): Promise<Tenant> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  return row;
}

/** Operator grant (positive) or correction (negative) of a tenant's pool, recorded in the ledger. */
export async function adjustTenantCredits(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'tenant-credit'>,
): Promise<{ credits: number }> {
  if (input.credits === 0) throw badRequest('credits must not be 0');
  return db.transaction(async (tx) => {
    await getTenant(tx, input.tenant_id);
    const after = await moveCredits(tx, {
      tenantId: input.tenant_id,
      amount: input.credits,
      kind: 'adjust',
      note: input.note ?? null,
    });
    if (after === null) {
      throw new AppError(
        'CONFLICT',
        `The tenant has fewer than ${-input.credits} allocatable credits; nothing was changed`,
      );
    }
    return { credits: after };
  });
}

export async function rekeyTenant(
  { db, config }: { db: Db; config: Pick<Config, 'secret'> },
  _who: AdminIdentity,
  input: AdminActionBody<'tenant-rekey'>,
): Promise<{ api_key: string }> {
  return db.transaction(async (tx) => {
    await getTenant(tx, input.tenant_id);
    return { api_key: await issueKey(tx, config.secret, input.tenant_id, null) };
  });
}

/**
 * Disables or re-enables a tenant. Disabled, every key and console login of it is refused from the
 * next request on every instance, and its open event streams end; nothing of it is deleted.
 */
export async function toggleTenant(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'tenant-toggle'>,
): Promise<{ tenant: { id: string; disabled: boolean } }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tenants)
      .set({ disabledAt: input.disabled ? sql`coalesce(${tenants.disabledAt}, now())` : null })
      .where(eq(tenants.id, input.tenant_id))
      .returning({ id: tenants.id, disabledAt: tenants.disabledAt });
    if (!row) throw notFound('Tenant');
    await announceCredentialChange(tx, row.id);
    return { tenant: { id: row.id, disabled: row.disabledAt !== null } };
  });
}

/** Sets the multiplier of the CNY price of a credit for this tenant's `charged_cny` (operator). */
export async function setTenantMarkup(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'tenant-markup'>,
): Promise<{ markup: number }> {
  const [row] = await db
    .update(tenants)
    .set({ markup: input.markup })
    .where(eq(tenants.id, input.tenant_id))
    .returning({ markup: tenants.markup });
  if (!row) throw notFound('Tenant');
  return { markup: row.markup };
}

/** Binds a tenant to a model family or one channel (null unbinds): all its requests rotate inside it. */
export async function bindTenantModel(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'tenant-bind'>,
): Promise<{ bound_model: string | null }> {
  await getTenant(db, input.tenant_id);
  return bindTenant(db, input.tenant_id, input.model);
}
