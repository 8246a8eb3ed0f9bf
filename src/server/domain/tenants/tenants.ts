import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, consoleUsers, tenants, type Tenant } from '../../db/schema';
import { issueKey } from '../auth/api-keys';
import { encryptSecret } from '../auth/keys';
import { hashPassword } from '../auth/passwords';
import { newWebhookSecret } from '../callbacks/secret';
import { moveCredits } from '../credits/ledger';
import { AppError, badRequest, notFound } from '../errors';

export interface CreateTenantInput {
  name: string;
  credits: number;
  quotaMonthly: number;
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
}

export interface TenantSummary {
  id: string;
  name: string;
  quotaMonthly: number;
  credits: number;
  createdAt: Date;
  adminEmail: string | null;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Opens a tenant with its key, its opening credits (one ledger row) and optionally a console login. */
export async function createTenant(
  db: Db,
  secret: Buffer,
  input: CreateTenantInput,
): Promise<{ tenant: TenantSummary; apiKey: string }> {
  if ((input.adminEmail === undefined) !== (input.adminPassword === undefined)) {
    throw badRequest('admin_email and admin_password go together');
  }
  const passwordHash = input.adminPassword ? await hashPassword(input.adminPassword) : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tenants)
        .values({
          name: input.name,
          quotaMonthly: input.quotaMonthly,
          credits: 0,
          webhookSecretCiphertext: encryptSecret(newWebhookSecret(), secret),
        })
        .returning();
      if (!row) throw new AppError('INTERNAL', 'tenant was not created');
      let credits = 0;
      if (input.credits > 0) {
        credits =
          (await moveCredits(tx, { tenantId: row.id, amount: input.credits, kind: 'adjust', note: 'opening credits' })) ?? 0;
      }
      if (input.adminEmail && passwordHash) {
        await tx
          .insert(consoleUsers)
          .values({ kind: 'tenant_admin', tenantId: row.id, email: input.adminEmail.toLowerCase(), passwordHash });
      }
      const apiKey = await issueKey(tx, secret, row.id, null);
      return {
        tenant: { ...summarise(row), credits, adminEmail: input.adminEmail?.toLowerCase() ?? null },
        apiKey,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', `A console login for ${input.adminEmail} already exists`);
    throw err;
  }
}

/** The public, snake_case form of a tenant used by the operator API and the CLI. */
export function tenantView(t: TenantSummary) {
  return {
    id: t.id,
    name: t.name,
    quota_monthly: t.quotaMonthly,
    credits: t.credits,
    created_at: t.createdAt.toISOString(),
    admin_email: t.adminEmail,
  };
}

function summarise(row: Tenant): Omit<TenantSummary, 'adminEmail'> {
  return { id: row.id, name: row.name, quotaMonthly: row.quotaMonthly, credits: row.credits, createdAt: row.createdAt };
}

export async function listTenants(db: Db): Promise<(TenantSummary & { members: number })[]> {
  const rows = await db
    .select({
      tenant: tenants,
      adminEmail: sql<string | null>`(select min(${consoleUsers.email}) from ${consoleUsers} where ${consoleUsers.tenantId} = ${tenants.id})`,
      members: sql<number>`(select count(*)::int from ${accounts} where ${accounts.tenantId} = ${tenants.id})`,
    })
    .from(tenants)
    .orderBy(asc(tenants.createdAt));
  return rows.map((r) => ({ ...summarise(r.tenant), adminEmail: r.adminEmail, members: Number(r.members) }));
}

export async function getTenant(db: Db, tenantId: string): Promise<Tenant> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  return row;
}

/** Operator grant (positive) or correction (negative) of a tenant's pool, recorded in the ledger. */
export async function adjustTenantCredits(
  db: Db,
  input: { tenantId: string; delta: number; note: string | undefined },
): Promise<{ credits: number }> {
  if (input.delta === 0) throw badRequest('credits must not be 0');
  return db.transaction(async (tx) => {
    await getTenant(tx, input.tenantId);
    const after = await moveCredits(tx, {
      tenantId: input.tenantId,
      amount: input.delta,
      kind: 'adjust',
      note: input.note ?? null,
    });
    if (after === null) {
      throw new AppError('CONFLICT', `The tenant has fewer than ${-input.delta} allocatable credits; nothing was changed`);
    }
    return { credits: after };
  });
}

export async function rekeyTenant(db: Db, secret: Buffer, tenantId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await getTenant(tx, tenantId);
    return issueKey(tx, secret, tenantId, null);
  });
}

/** Sets the multiplier of the CNY price of a credit for this tenant's `charged_cny` (operator). */
export async function setTenantMarkup(db: Db, tenantId: string, markup: number): Promise<number> {
  const [row] = await db.update(tenants).set({ markup }).where(eq(tenants.id, tenantId)).returning({ markup: tenants.markup });
  if (!row) throw notFound('Tenant');
  return row.markup;
}
