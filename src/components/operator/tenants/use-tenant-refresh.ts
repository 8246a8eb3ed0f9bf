'use client';

import { trpc } from '@/trpc/react';

/** After a change to a tenant: its list row, ledger and audit entries are read again. */
export function useTenantRefresh(): () => Promise<void> {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      utils.admin.tenantList.invalidate(),
      utils.admin.tenantLedger.invalidate(),
      utils.admin.auditList.invalidate(),
    ]);
  };
}
