import type { KeyPolicy } from '@/server/db/schema';

/** The key a tenant or member request came with: its row (for the last use) and, for a named key, its policy. */
export interface KeyGrant {
  id: string;
  /** false: the account's primary key (the spec's `api_key`); true: a named key. */
  named: boolean;
  policy: KeyPolicy | null;
}

/** An operator account acting in the operator console: recorded in the audit log by id and e-mail. */
export interface OperatorActor {
  id: string;
  email: string;
}

/** Who is calling. Resolved once per request and passed to every domain function. */
export type Identity =
  /**
   * `via`: the admin key (REST and scripts) or the operator console's session; none for work started by Studio
   * itself. `operator`: the operator account of a console session (absent when it was opened with the key).
   */
  | { kind: 'admin'; via?: 'key' | 'session'; operator?: OperatorActor }
  /** `personal`: the platform account of a buyer (opened by a claim code), not an organisation. */
  | { kind: 'tenant'; tenantId: string; via: 'key' | 'session'; userId?: string; personal?: true; key?: KeyGrant }
  | { kind: 'member'; tenantId: string; accountId: string; key?: KeyGrant };

export type AdminIdentity = Extract<Identity, { kind: 'admin' }>;
export type TenantIdentity = Extract<Identity, { kind: 'tenant' }>;
export type MemberIdentity = Extract<Identity, { kind: 'member' }>;
/** Anyone acting inside one tenant. */
export type ScopedIdentity = TenantIdentity | MemberIdentity;

/** The operator, for operator work started outside a request (start-up, the CLI). */
export const OPERATOR: AdminIdentity = { kind: 'admin' };
