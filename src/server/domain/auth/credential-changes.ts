import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Channel on which a change to a tenant's credentials (a key replaced, a member disabled, the
 * tenant disabled) is announced, with the tenant id as payload: every process rechecks the open
 * streams of that tenant at once.
 */
export const CREDENTIALS_CHANNEL = 'studio_credentials';

/** Announces a credential change of a tenant; inside a transaction it is delivered at commit. */
export async function announceCredentialChange(db: Db, tenantId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, ${tenantId})`);
}
