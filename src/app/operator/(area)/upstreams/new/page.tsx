import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UpstreamEditor } from '@/components/operator/upstreams/upstream-editor';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operatorUpstreams');
  return { title: t('newMetaTitle') };
}

export default function NewUpstreamPage() {
  return <UpstreamEditor />;
}
