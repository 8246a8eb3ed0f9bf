import type { Metadata } from 'next';
import { UpstreamsView } from '@/components/operator/upstreams-view';
import { operatorApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Upstreams · Operator' };

export default async function OperatorPage() {
  const initial = await (await operatorApi()).operator.upstreams();
  return <UpstreamsView initial={initial} />;
}
