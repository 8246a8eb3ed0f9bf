import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { JobDetail } from '@/components/jobs/job-detail';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('jobs');
  return { title: t('metaTitleOne') };
}

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <JobDetail id={id} />;
}
