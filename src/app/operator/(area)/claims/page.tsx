import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ClaimsView } from '@/components/operator/claims/claims-view';
import { FIRST_PAGE } from '@/components/operator/claims/model';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorClaims');
  return { title: t('metaTitle') };
}

export default function OperatorClaimsPage() {
  return (
    <Prefetched reads={[operatorApi.admin.claimList.prefetch(FIRST_PAGE)]}>
      <ClaimsView />
    </Prefetched>
  );
}
