import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConvertView } from '@/components/convert/convert-view';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';
import { OrganisationPage } from '@/app/(console)/organisation-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('convert');
  return { title: t('metaTitle') };
}

const prefetch = () => api.session.me.prefetch();

/** `?job=<id>` opens a background conversion (the job's page links here). */
export default async function ConvertPage({ searchParams }: { searchParams: Promise<{ job?: string | string[] }> }) {
  const { job } = await searchParams;
  const t = await getTranslations('convert');
  const jobId = typeof job === 'string' && /^[0-9a-f-]{36}$/i.test(job) ? job : null;
  return (
    <OrganisationPage
      title={t('title')}
      personalNote={t('personalNote')}
      prefetch={prefetch}
    >
      <ConvertView price={getConfig().prices.imageToTemplate} jobId={jobId} />
    </OrganisationPage>
  );
}
