import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UpstreamEditPage } from '@/components/operator/upstreams/upstream-edit-page';
import { UPSTREAM_LIST_INPUT } from '@/components/operator/upstreams/upstreams';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

interface Props {
  params: Promise<{ name: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ name }, t] = await Promise.all([params, getTranslations('operatorUpstreams')]);
  return { title: t('editMetaTitle', { name: decodeURIComponent(name) }) };
}

export default async function EditUpstreamPage({ params }: Props) {
  const { name } = await params;
  return (
    <Prefetched reads={[operatorApi.admin.upstreamList.prefetch(UPSTREAM_LIST_INPUT)]}>
      <UpstreamEditPage name={decodeURIComponent(name)} />
    </Prefetched>
  );
}
