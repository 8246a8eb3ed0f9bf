import type { Identity } from '@/server/domain/auth/identity';
import { admitKey, type KeyKind } from '@/server/domain/keys/policy';
import type { Db } from '@/server/db/client';
import { requestExactAddress } from '@/server/edge/http/client-address';
import type { RequestHeaders } from '@/server/request-headers';

/**
 * Admits a request under its key's policy (domain/keys/policy.ts), judged on the client address the
 * front server set from the configured client-address header (or the connection) and on `kind`, the
 * work the request starts (null: none).
 */
export function admitKeyRequest(
  ctx: { db: Db; headers: RequestHeaders },
  who: Identity | null,
  kind: KeyKind | null,
): Promise<void> {
  return admitKey(ctx.db, who, { kind, address: requestExactAddress(ctx.headers) });
}
