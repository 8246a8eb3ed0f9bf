import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers } from '@/server/db/schema';
import { recordAudit } from '@/server/domain/audit/audit';
import { hashPassword } from '../passwords';
import type { SignedIn } from '../console-sign-in';
import type { SsoTenant } from './settings';

/** Why a verified e-mail does not let its owner in. */
export type AccountRefusal =
  /** The e-mail's domain is not one the tenant allows. */
  | 'domain'
  /** No console user has this e-mail and the tenant creates none on first sign-in. */
  | 'no_account'
  /** The e-mail belongs to a console user of another tenant, or to a buyer's platform account. */
  | 'not_member';

/**
 * The console user a verified e-mail signs in as: the tenant admin of this tenant with that e-mail
 * (case aside), or, when the tenant allows it, a new tenant admin created now with an unusable random
 * password (a password can be set later through "forgot password"). One transaction.
 */
export async function ssoAccount(
  db: Db,
  tenant: SsoTenant,
  email: string,
): Promise<{ ok: true; user: SignedIn; created: boolean } | { ok: false; refused: AccountRefusal }> {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  if (!address.includes('@') || !tenant.domains.includes(domain)) return { ok: false, refused: 'domain' };
  // Hashed before the transaction: it is slow on purpose, and a transaction should not wait for it.
  const unusable = tenant.createAccounts ? await hashPassword(randomBytes(32).toString('base64url')) : null;
  return db.transaction(async (tx) => {
    const find = () =>
      tx
        .select()
        .from(consoleUsers)
        .where(eq(sql`lower(${consoleUsers.email})`, address))
        .limit(1);
    let [user] = await find();
    let created = false;
    if (!user) {
      if (!unusable) return { ok: false as const, refused: 'no_account' as const };
      const inserted = await tx
        .insert(consoleUsers)
        .values({ kind: 'tenant_admin', tenantId: tenant.tenantId, email: address, passwordHash: unusable })
        .onConflictDoNothing()
        .returning();
      created = inserted.length > 0;
      [user] = created ? inserted : await find();
      if (created && user)
        await recordAudit(tx, {
          actor: 'studio',
          action: 'sso.account_created',
          targetKind: 'console_user',
          targetId: user.id,
          tenantId: tenant.tenantId,
          body: { email: address, issuer: tenant.issuer },
          before: null,
          after: { email: address, kind: 'tenant_admin' },
          requestId: null,
        });
    }
    if (!user || user.kind !== 'tenant_admin' || user.tenantId !== tenant.tenantId)
      return { ok: false as const, refused: 'not_member' as const };
    return {
      ok: true as const,
      created,
      user: {
        id: user.id,
        email: user.email,
        kind: user.kind,
        tenantId: user.tenantId,
        sessionEpoch: user.sessionEpoch,
      },
    };
  });
}
