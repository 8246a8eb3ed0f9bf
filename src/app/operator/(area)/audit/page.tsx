import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuditView } from '@/components/operator/audit/audit-view';
import { TENANT_LIST_INPUT } from '@/components/operator/tenants/model';
import { isUuid } from '@/contracts/common';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorAudit');
  return { title: t('metaTitle') };
}

export default async function OperatorAuditPage({
  searchParams,
}: {
  searchParams: Promise<{ tenant?: string | string[] }>;
}) {
  const { tenant } = await searchParams;
  const chosen = typeof tenant === 'string' && isUuid(tenant) ? tenant : undefined;
  return (
    <Prefetched reads={[operatorApi.admin.tenantList.prefetch(TENANT_LIST_INPUT)]}>
      <AuditView {...(chosen ? { tenant: chosen } : {})} />
    </Prefetched>
  );
}
