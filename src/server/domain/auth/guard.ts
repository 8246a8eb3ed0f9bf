import { AppError, declared, tenantOnly, type DeclaredError } from '@/server/errors';
import { KEY_POLICY_ERRORS } from '@/server/domain/keys/kinds';
import type { AdminIdentity, Identity, ScopedIdentity, TenantIdentity } from './identity';

/**
 * Who may call what, decided once for every way in: tRPC's procedures (src/server/api/trpc.ts), the
 * REST front's streamed endpoints, both chat doors, the job feed and the metrics endpoint. Each rule
 * answers the identity the caller goes on with, or throws the `AppError` the caller reads.
 */

/** Why a request has no identity: no key, an unknown one, or one that stopped working. */
export type AuthFailure = 'missing' | 'unknown' | 'revoked' | 'key-revoked' | 'disabled' | 'suspended';

/** Why a request has no identity, as the caller reads it: 401 for no or an unknown key, 403 for one that stopped working. */
export function authFailureAnswer(failure: AuthFailure | null): {
  code: 'UNAUTHORIZED' | 'FORBIDDEN';
  message: string;
} {
  switch (failure) {
    case 'revoked':
      return { code: 'FORBIDDEN', message: 'This key has been replaced by a newer one (rekey) and no longer works' };
    case 'key-revoked':
      return {
        code: 'FORBIDDEN',
        message: 'This named key has been revoked and will never work again: do not retry; use another key',
      };
    case 'disabled':
      return { code: 'FORBIDDEN', message: 'The account of this key is disabled' };
    case 'suspended':
      return {
        code: 'FORBIDDEN',
        message: 'This organisation has been disabled by the operator; its keys and console logins do not work',
      };
    case 'unknown':
      return { code: 'UNAUTHORIZED', message: 'Invalid API key: check that it was copied completely' };
    default:
      return {
        code: 'UNAUTHORIZED',
        message: 'Missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>',
      };
  }
}

/** The 401/403 of a request without a working key or session, as an error. */
export function authFailureError(failure: AuthFailure | null): AppError {
  const { code, message } = authFailureAnswer(failure);
  return new AppError(code, message);
}

/** What the rules read of a request: the identity it resolved to, or why it resolved to none. */
export interface Caller {
  identity: Identity | null;
  authFailure: AuthFailure | null;
}

/** Any authenticated caller. */
export function requireCaller(ctx: Caller): Identity {
  if (!ctx.identity) throw authFailureError(ctx.authFailure);
  return ctx.identity;
}

/** The 403 of the super-administrator key where a tenant is needed. */
export const noTenant = () =>
  new AppError('FORBIDDEN', 'The super-administrator key belongs to no tenant; use a tenant or member key here');

/** A caller acting inside one tenant: the tenant key, a tenant admin session, or a member key. */
export function requireScoped(ctx: Caller): ScopedIdentity {
  const who = requireCaller(ctx);
  if (who.kind === 'admin') throw noTenant();
  return who;
}

/** The tenant itself (key or console): member keys get 403 with a text telling them not to retry. */
export function requireTenant(ctx: Caller): TenantIdentity {
  const who = requireScoped(ctx);
  if (who.kind !== 'tenant') throw tenantOnly();
  return who;
}

/** Operator actions: the super-administrator key (or the operator's console session) only. */
export function requireAdmin(ctx: Caller): AdminIdentity {
  const who = requireCaller(ctx);
  if (who.kind !== 'admin') throw new AppError('FORBIDDEN', 'This endpoint needs the super-administrator key');
  return who;
}

/** Template writers: the tenant (key or admin session) for its own rows, the operator for platform rows; members get 403. */
export function requireWriter(ctx: Caller): AdminIdentity | TenantIdentity {
  const who = requireCaller(ctx);
  if (who.kind === 'member') throw tenantOnly();
  return who;
}

/** Organisation administration (members, claim codes): an organisation's key or console, not a buyer's platform account. */
export function requireOrganization(ctx: Caller, what = 'manage members or claim codes'): TenantIdentity {
  const who = requireTenant(ctx);
  if (who.personal) throw new AppError('FORBIDDEN', `A platform account opened by a claim code cannot ${what}`);
  return who;
}

/** The rules above, by name, for the errors each declares. */
export type AccessRule = 'public' | 'caller' | 'scoped' | 'tenant' | 'organization' | 'writer' | 'admin';

const NO_KEY = declared('UNAUTHORIZED', 'No key, or a key Studio does not know');
const stopped = (more: string) =>
  declared('FORBIDDEN', `The key was replaced (rekey) or revoked, or its member account or tenant is disabled${more}`);

/** What each rule can answer, as the OpenAPI document lists it for every operation behind the rule. */
export const ACCESS_ERRORS: Record<AccessRule, readonly DeclaredError[]> = {
  public: [],
  caller: [NO_KEY, stopped(''), ...KEY_POLICY_ERRORS],
  scoped: [NO_KEY, stopped('; or it is the super-administrator key, which belongs to no tenant'), ...KEY_POLICY_ERRORS],
  tenant: [
    NO_KEY,
    stopped('; or it is a member key (tenant key only: do not retry) or the super-administrator key'),
    ...KEY_POLICY_ERRORS,
  ],
  organization: [
    NO_KEY,
    stopped(
      '; or it is a member key, the key of a platform account opened by a claim code (tenant key of an organisation only) or the super-administrator key',
    ),
    ...KEY_POLICY_ERRORS,
  ],
  writer: [
    NO_KEY,
    stopped('; or it is a member key (templates are written by the tenant or the operator)'),
    ...KEY_POLICY_ERRORS,
  ],
  admin: [NO_KEY, declared('FORBIDDEN', 'Not the super-administrator key')],
};
