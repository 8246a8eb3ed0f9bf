import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UpstreamDetail } from '@/components/operator/upstreams/upstream-detail';
import { UPSTREAM_LIST_INPUT } from '@/components/operator/upstreams/upstreams';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

interface Props {
  params: Promise<{ name: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ name }, t] = await Promise.all([params, getTranslations('operatorUpstreams')]);
  return { title: t('detailMetaTitle', { name: decodeURIComponent(name) }) };
}

export default async function UpstreamPage({ params }: Props) {
  const { name } = await params;
  return (
    <Prefetched reads={[operatorApi.admin.upstreamList.prefetch(UPSTREAM_LIST_INPUT)]}>
      <UpstreamDetail name={decodeURIComponent(name)} />
    </Prefetched>
  );
}
