import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UPSTREAM_LIST_INPUT } from '@/components/operator/upstreams/upstreams';
import { UpstreamsView } from '@/components/operator/upstreams/upstreams-view';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operator.upstreams');
  return { title: t('metaTitle') };
}

export default function OperatorPage() {
  return (
    <Prefetched reads={[operatorApi.admin.upstreamList.prefetch(UPSTREAM_LIST_INPUT)]}>
      <UpstreamsView />
    </Prefetched>
  );
}
