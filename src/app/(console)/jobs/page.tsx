import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isJobStatus } from '@/components/jobs/job-model';
import { JobsList } from '@/components/jobs/jobs-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('jobs');
  return { title: t('metaTitle') };
}

interface JobsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function JobsPage({ searchParams }: JobsPageProps) {
  const { status } = await searchParams;
  return <JobsList status={isJobStatus(status) ? status : undefined} />;
}
