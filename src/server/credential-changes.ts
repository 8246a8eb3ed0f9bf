import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

/**
 * Channel on which a change to a tenant's credentials (a key replaced, a member disabled, the
 * tenant disabled) is announced, with the tenant id as payload: every process rechecks the open
 * streams of that tenant at once.
 */
export const CREDENTIALS_CHANNEL = 'studio_credentials';

type LocalListener = (tenantId: string) => void;
const LOCAL_KEY = Symbol.for('studio.credentialAnnouncements');
const local: Set<LocalListener> = ((globalThis as { [LOCAL_KEY]?: Set<LocalListener> })[LOCAL_KEY] ??= new Set());

/**
 * Told synchronously when this process announces a change, before it is committed: a cache of this
 * process stops answering for the tenant until the notification itself arrives, so a caller of this
 * instance never sees the old state after the change's answer.
 */
export function onLocalAnnouncement(listener: LocalListener): () => void {
  local.add(listener);
  return () => local.delete(listener);
}

/** Announces a credential change of a tenant; inside a transaction it is delivered at commit. */
export async function announceCredentialChange(db: Db, tenantId: string): Promise<void> {
  for (const listener of local) listener(tenantId);
  await db.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, ${tenantId})`);
}
