import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TENANT_AUDIT_INPUT, TENANT_LIST_INPUT } from '@/components/operator/tenants/model';
import { TenantView } from '@/components/operator/tenants/tenant-view';
import { isUuid } from '@/contracts/common';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorTenants.page');
  return { title: t('metaTitle') };
}

export default async function OperatorTenantPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const reads = [operatorApi.admin.tenantList.prefetch(TENANT_LIST_INPUT)];
  // A malformed id is not asked for: the page says there is no such tenant.
  if (isUuid(id)) reads.push(operatorApi.admin.auditList.prefetch(TENANT_AUDIT_INPUT(id)));
  return (
    <Prefetched reads={reads}>
      <TenantView tenantId={id} />
    </Prefetched>
  );
}
