import { keyCacheFor } from '@/server/domain/auth/key-cache';
import { sessionFailure } from '@/server/domain/auth/credentials';
import type { Identity, OperatorActor } from '@/server/domain/auth/identity';
import type { RequestHeaders } from '@/server/request-headers';
import { getRuntime } from '@/server/runtime';
import type { AuthFailure, Context } from './trpc';

/** The key of a request: `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
export function presentedKey(headers: RequestHeaders): string | null {
  const direct = headers.get('x-api-key')?.trim();
  if (direct) return direct;
  const auth = headers.get('authorization')?.trim();
  const match = auth ? /^Bearer\s+(\S+)$/i.exec(auth) : null;
  return match?.[1] ?? null;
}

export type SessionIdentity =
  | { tenantId: string; userId: string; personal?: true }
  /** An operator session: `account` when opened by an operator account, absent when opened with the key. */
  | { operator: true; account?: OperatorActor };

/** Builds the request context: a presented key wins; otherwise a console session, if any. */
export async function createContext(headers: RequestHeaders, session: SessionIdentity | null = null): Promise<Context> {
  const runtime = await getRuntime();
  const { db, config, files } = runtime;
  const key = presentedKey(headers);
  let identity: Identity | null = null;
  let authFailure: AuthFailure | null = null;
  let binding: string | null | undefined;
  if (key) {
    // Kept in memory and dropped on every instance when the tenant's credentials change (key-cache.ts).
    const resolved = await keyCacheFor(runtime.database).resolve({ configured: config.adminKey }, key);
    if (resolved.ok) {
      identity = resolved.identity;
      binding = resolved.binding;
    } else authFailure = resolved.reason;
  } else if (session && 'operator' in session) {
    identity = { kind: 'admin', via: 'session', ...(session.account ? { operator: session.account } : {}) };
  } else if (session) {
    // A session is a signed cookie: its login and tenant are checked on every request, so removing
    // the login or disabling the tenant ends it at once.
    const failure = await sessionFailure(db, session);
    if (failure) authFailure = failure;
    else
      identity = {
        kind: 'tenant',
        tenantId: session.tenantId,
        via: 'session',
        userId: session.userId,
        ...(session.personal ? { personal: true as const } : {}),
      };
  } else {
    authFailure = 'missing';
  }
  return { db, config, files, identity, authFailure, headers, ...(binding !== undefined ? { binding } : {}) };
}
