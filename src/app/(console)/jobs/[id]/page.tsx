import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { JobDetail } from '@/components/jobs/job-detail';
import { getConfig } from '@/server/config';

/** The tab names the job by the start of its id (`Job 3f2a9c1e… · Studio`), enough to tell tabs apart. */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const [{ id }, t] = await Promise.all([params, getTranslations('jobs')]);
  const short = id.replace(/[^0-9a-zA-Z-]/g, '').slice(0, 8);
  return { title: short ? t('metaTitleId', { id: short }) : t('metaTitleOne') };
}

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const config = getConfig();
  return (
    <JobDetail
      id={id}
      baseUrl={config.publicBaseUrl}
      prices={{ article: config.prices.article, video: config.prices.video, defaultTier: config.video.defaultTier }}
    />
  );
}
