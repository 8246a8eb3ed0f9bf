import type { Metadata } from 'next';
import { UPSTREAM_LIST_INPUT } from '@/components/operator/upstreams';
import { UpstreamsView } from '@/components/operator/upstreams-view';
import { Prefetched } from '@/trpc/prefetched';
import { operatorApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Upstreams · Operator' };

export default function OperatorPage() {
  return (
    <Prefetched reads={[operatorApi.admin.upstreamList.prefetch(UPSTREAM_LIST_INPUT)]}>
      <UpstreamsView />
    </Prefetched>
  );
}
