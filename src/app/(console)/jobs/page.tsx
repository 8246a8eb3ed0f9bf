import type { Metadata } from 'next';
import { isJobStatus } from '@/components/jobs/job-model';
import { JobsList } from '@/components/jobs/jobs-list';

export const metadata: Metadata = { title: 'Jobs' };

interface JobsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function JobsPage({ searchParams }: JobsPageProps) {
  const { status } = await searchParams;
  return <JobsList status={isJobStatus(status) ? status : undefined} />;
}
