/** Who is calling. Resolved once per request and passed to every domain function. */
export type Identity =
  /** `via`: the admin key (REST and scripts) or the operator console's session; none for work started by Studio itself. */
  | { kind: 'admin'; via?: 'key' | 'session' }
  /** `personal`: the platform account of a buyer (opened by a claim code), not an organisation. */
  | { kind: 'tenant'; tenantId: string; via: 'key' | 'session'; userId?: string; personal?: true }
  | { kind: 'member'; tenantId: string; accountId: string };

export type AdminIdentity = Extract<Identity, { kind: 'admin' }>;
export type TenantIdentity = Extract<Identity, { kind: 'tenant' }>;
export type MemberIdentity = Extract<Identity, { kind: 'member' }>;
/** Anyone acting inside one tenant. */
export type ScopedIdentity = TenantIdentity | MemberIdentity;

/** The operator, for operator work started outside a request (start-up, the CLI). */
export const OPERATOR: AdminIdentity = { kind: 'admin' };
