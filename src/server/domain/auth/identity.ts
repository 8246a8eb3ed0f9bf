/** Who is calling. Resolved once per request and passed to every domain function. */
export type Identity =
  | { kind: 'admin' }
  | { kind: 'tenant'; tenantId: string; via: 'key' | 'session'; userId?: string }
  | { kind: 'member'; tenantId: string; accountId: string };

export type TenantIdentity = Extract<Identity, { kind: 'tenant' }>;
export type MemberIdentity = Extract<Identity, { kind: 'member' }>;
/** Anyone acting inside one tenant. */
export type ScopedIdentity = TenantIdentity | MemberIdentity;
