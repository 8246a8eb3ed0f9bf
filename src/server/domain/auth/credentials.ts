import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers, tenants } from '@/server/db/schema';
import { resolveKey, type AdminKeySource } from './api-keys';
import type { Identity } from './identity';

/** How a request proved who it is: a key it presented, or a console session. */
export type Credential = { kind: 'key'; key: string } | { kind: 'session'; userId: string; tenantId: string };

/**
 * Whether a console session still stands for its tenant: its login still exists there and the
 * tenant is not disabled. Answers the failure, or null when the session is good.
 */
export async function sessionFailure(
  db: Db,
  session: { userId: string; tenantId: string },
): Promise<'unknown' | 'suspended' | null> {
  const [row] = await db
    .select({ disabledAt: tenants.disabledAt })
    .from(consoleUsers)
    .innerJoin(tenants, eq(tenants.id, consoleUsers.tenantId))
    .where(and(eq(consoleUsers.id, session.userId), eq(consoleUsers.tenantId, session.tenantId)));
  if (!row) return 'unknown';
  return row.disabledAt ? 'suspended' : null;
}

const sameIdentity = (a: Identity, b: Identity): boolean =>
  a.kind === b.kind &&
  (a.kind === 'admin' || (b.kind !== 'admin' && a.tenantId === b.tenantId)) &&
  (a.kind !== 'member' || (b.kind === 'member' && a.accountId === b.accountId));

/** Whether a credential still proves the identity it proved when a long-lived request began. */
export async function stillValid(db: Db, src: AdminKeySource, credential: Credential, who: Identity): Promise<boolean> {
  if (credential.kind === 'key') {
    const resolved = await resolveKey(db, src, credential.key);
    return resolved.ok && sameIdentity(resolved.identity, who);
  }
  return (await sessionFailure(db, credential)) === null;
}
