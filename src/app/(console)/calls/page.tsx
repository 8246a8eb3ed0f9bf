import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CallsView } from '@/components/calls/calls-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('calls');
  return { title: t('metaTitle') };
}

export default function CallsPage() {
  return <CallsView />;
}
