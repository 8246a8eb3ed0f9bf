import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FIRST_REPORT } from '@/components/operator/usage/model';
import { PlatformUsageView } from '@/components/operator/usage/usage-view';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorUsage');
  return { title: t('metaTitle') };
}

export default function OperatorUsagePage() {
  return (
    <Prefetched
      reads={[operatorApi.admin.platformUsage.prefetch(FIRST_REPORT), operatorApi.admin.tenantList.prefetch({})]}
    >
      <PlatformUsageView />
    </Prefetched>
  );
}
