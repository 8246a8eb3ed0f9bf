'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { adminActionBodies, adminReadActions } from '@/contracts/admin';
import { LoadMore } from '@/components/console/load-more';
import { RequestError } from '@/components/console/request-error';
import { ShieldIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { Select } from '@/components/ui/select';
import { trpc } from '@/trpc/react';
import { OperatorHeader } from '@/components/operator/operator-header';
import { TENANT_LIST_INPUT } from '@/components/operator/tenants/model';
import { AuditEntries, auditLabel } from './audit-entries';

const SKELETON_LEAD = 'none';
export const AUDIT_PAGE_SIZE = 30;
/** The actions the log can hold: every operator action that is not a read. */
const AUDITED = Object.keys(adminActionBodies).filter((a) => !(adminReadActions as readonly string[]).includes(a));
const ANY = '';

/** The operator's audit log, newest first, filtered by tenant and action, paged with "Load more". */
export function AuditView({ tenant: initialTenant = ANY }: { tenant?: string }) {
  const t = useTranslations('operatorAudit');
  const [tenant, setTenant] = useState(initialTenant);
  const [action, setAction] = useState(ANY);
  const tenants = trpc.admin.tenantList.useQuery(TENANT_LIST_INPUT);
  const query = trpc.admin.auditList.useInfiniteQuery(
    { limit: AUDIT_PAGE_SIZE, ...(tenant ? { tenant_id: tenant } : {}), ...(action ? { audited_action: action } : {}) },
    { getNextPageParam: (last) => last.next_cursor ?? undefined },
  );
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const tenantId = useId();
  const actionId = useId();

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <OperatorHeader
        title={t('title')}
        description={t('description')}
        summary={t('summary', { count: entries.length })}
      />
      <div className="flex flex-wrap gap-4">
        <div className="min-w-56 space-y-1.5">
          <Label htmlFor={tenantId}>{t('filters.tenant')}</Label>
          <Select id={tenantId} value={tenant} onChange={(e) => setTenant(e.target.value)}>
            <option value={ANY}>{t('filters.anyTenant')}</option>
            {(tenants.data?.tenants ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-56 space-y-1.5">
          <Label htmlFor={actionId}>{t('filters.action')}</Label>
          <Select id={actionId} value={action} onChange={(e) => setAction(e.target.value)}>
            <option value={ANY}>{t('filters.anyAction')}</option>
            {AUDITED.map((a) => (
              <option key={a} value={a}>
                {auditLabel(t, 'actions', a)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <ListState
        query={query}
        empty={entries.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} />}
        placeholder={<EmptyState icon={ShieldIcon} title={t('empty')} />}
      >
        <Card className="overflow-hidden">
          <AuditEntries entries={entries} />
        </Card>
        {query.isError && <RequestError error={query.error} onRetry={query.refetch} />}
        <LoadMore query={query} end={t('end', { count: entries.length })} />
      </ListState>
    </div>
  );
}
