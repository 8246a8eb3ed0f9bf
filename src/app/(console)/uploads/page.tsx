import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UploadsView } from '@/components/uploads/uploads-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('uploads');
  return { title: t('metaTitle') };
}

export default function UploadsPage() {
  return <UploadsView />;
}
