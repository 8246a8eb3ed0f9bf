import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TENANT_LIST_INPUT } from '@/components/operator/tenants/model';
import { TenantsView } from '@/components/operator/tenants/tenants-view';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorTenants');
  return { title: t('metaTitle') };
}

export default function OperatorTenantsPage() {
  return (
    <Prefetched reads={[operatorApi.admin.tenantList.prefetch(TENANT_LIST_INPUT)]}>
      <TenantsView />
    </Prefetched>
  );
}
