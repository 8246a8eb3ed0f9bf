import { keyed, organisationOnly, scopedOwn, SEES, tenantOnly, type Fixture, type Row } from './identity-matrix.rules';

/** Who may administer accounts: the operator's tenants, a tenant's members and the keys of both. */
const notA1s = keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 404, operator: 403 });

export const ACCOUNT_ROWS: Record<string, Row[]> = {
  'POST /admin': [
    {
      name: 'tenant-list',
      request: () => ({ body: { action: 'tenant-list' } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 403, buyer: 403, operator: SEES }),
    },
    {
      name: 'tenant-credit on A',
      request: (f) => ({ body: { action: 'tenant-credit', tenant_id: f.tenantId, credits: -1 } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 403, buyer: 403, operator: SEES }),
    },
  ],
  'GET /balance': [{ request: () => ({}), expect: scopedOwn }],
  'GET /tenant-pool': [{ request: () => ({}), expect: tenantOnly }],
  'GET /tenant-accounts': [{ request: () => ({}), expect: organisationOnly }],
  'POST /tenant-accounts': [
    ...(['toggle', 'rekey', 'set-quota'] as const).map((action) => ({
      name: `${action} A1`,
      request: (f: Fixture) => ({
        body: {
          action,
          account_id: f.a1.id,
          ...(action === 'toggle' ? { disabled: true } : action === 'set-quota' ? { credits: 0 } : {}),
        },
      }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 403, operator: 403 }),
    })),
  ],
  'GET /tenant-keys': [{ name: "A1's keys", request: (f) => ({ query: { account_id: f.a1.id } }), expect: notA1s }],
  'POST /tenant-keys': [
    { name: 'a key for A1', request: (f) => ({ body: { label: '矩阵', account_id: f.a1.id } }), expect: notA1s },
  ],
  'PATCH /tenant-keys': [
    {
      name: "A1's named key",
      request: (f) => ({ body: { id: f.a1.keyId, label: '矩阵' } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'PUT /tenant-key-defaults': [
    {
      name: "A1's default policy",
      request: (f) => ({ body: { account_id: f.a1.id, policy: null } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'DELETE /tenant-keys': [
    {
      name: "A1's named key",
      request: (f) => ({ query: { id: f.a1.keyId } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
};
